/**
 * The camera side of machine-scanning: whether this browser can scan (the Barcode Detection API and a
 * camera API), opening the rear camera, and a loop that reads QR codes from the stream. The scanner machine
 * gets these as actors; tests provide their own.
 *
 * BarcodeDetector exists in Chromium-based browsers (Android, ChromeOS, desktop Chrome and Edge on most
 * systems) but not in Firefox or Safari; there the screen says so and offers typing or pasting the code.
 */
import { fromCallback, fromPromise } from 'xstate';

interface DetectedBarcode {
  rawValue: string;
}

interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}

interface BarcodeDetectorClass {
  new (options?: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

function detectorClass(): BarcodeDetectorClass | undefined {
  return (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
}

/** Whether the browser offers both the detector and a camera API (a secure context is needed for both). */
export function cameraScanSupported(): boolean {
  return Boolean(detectorClass()) && typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** Why the camera did not open, as the scanner machine tells people. */
export type CameraProblem = 'denied' | 'unavailable' | 'unsupported';

export class CameraError extends Error {
  constructor(readonly problem: CameraProblem, message: string) {
    super(message);
    this.name = 'CameraError';
  }
}

/** Maps a getUserMedia rejection (a DOMException by name) to what the person can do about it. */
export function cameraProblemOf(error: unknown): CameraProblem {
  if (error instanceof CameraError) return error.problem;
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  return 'unavailable';
}

/** Opens the rear camera (any camera on a laptop) once the detector is known to read QR codes. */
export const openCamera = fromPromise<MediaStream>(async () => {
  const Detector = detectorClass();
  const formats = Detector?.getSupportedFormats ? await Detector.getSupportedFormats() : ['qr_code'];
  if (!Detector || !formats.includes('qr_code')) throw new CameraError('unsupported', 'This browser cannot read QR codes');
  return navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
});

/** Stops every track, so the camera light goes off as soon as scanning ends. */
export function releaseStream(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

const SCAN_EVERY_MS = 250;

/**
 * Reads QR codes from the stream in a hidden video element of its own (the preview is the screen's) and
 * reports the first non-empty value as `scan.detected`; stops when the machine stops it.
 */
export const detectCodes = fromCallback<{ type: 'detector.noop' }, { stream: MediaStream }>(({ input, sendBack }) => {
  const Detector = detectorClass();
  if (!Detector) return () => undefined;
  const detector = new Detector({ formats: ['qr_code'] });
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = input.stream;
  void video.play().catch(() => undefined);
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async (): Promise<void> => {
    if (stopped) return;
    try {
      if (video.readyState >= 2) {
        const found = (await detector.detect(video)).find((code) => code.rawValue.trim() !== '');
        if (found && !stopped) {
          sendBack({ type: 'scan.detected', code: found.rawValue });
          return;
        }
      }
    } catch {
      // A frame the detector cannot read (camera still starting): try the next one.
    }
    timer = setTimeout(() => void tick(), SCAN_EVERY_MS);
  };
  void tick();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    video.srcObject = null;
  };
});
