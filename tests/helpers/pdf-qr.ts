/**
 * The QR codes a PDF of ours prints, decoded from the PDF itself: each image XObject (pdfkit embeds a PNG's
 * compressed rows as they are, with the PNG predictors named in /DecodeParms) is inflated, its rows unfiltered
 * into pixels and handed to jsQR. Grey and RGB images of 8 bits per component, which is what qrcode draws.
 */
import jsQR from 'jsqr';
import { inflateSync } from 'node:zlib';
import { pdfStreams } from './pdf-streams';

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** PNG-filtered rows (a filter byte, then the row) back to raw bytes. */
function unfilter(data: Buffer, width: number, channels: number, height: number): Uint8Array {
  const stride = width * channels;
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = data[y * (stride + 1)] ?? 0;
    for (let x = 0; x < stride; x += 1) {
      const raw = data[y * (stride + 1) + 1 + x] ?? 0;
      const left = x >= channels ? (out[y * stride + x - channels] ?? 0) : 0;
      const up = y > 0 ? (out[(y - 1) * stride + x] ?? 0) : 0;
      const upLeft = y > 0 && x >= channels ? (out[(y - 1) * stride + x - channels] ?? 0) : 0;
      const predicted = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter] ?? 0;
      out[y * stride + x] = (raw + predicted) & 0xff;
    }
  }
  return out;
}

/** Every QR code the PDF's images hold, decoded to its text. */
export function pdfQrCodes(pdf: Buffer): string[] {
  const found: string[] = [];
  for (const { dictionary, data } of pdfStreams(pdf)) {
    if (!/\/Subtype\s*\/Image/.test(dictionary)) continue;
    const width = Number(/\/Width\s+(\d+)/.exec(dictionary)?.[1]);
    const height = Number(/\/Height\s+(\d+)/.exec(dictionary)?.[1]);
    const channels = /\/DeviceRGB/.test(dictionary) ? 3 : 1;
    const rows = inflateSync(data);
    const pixels = /\/Predictor\s+1[0-5]/.test(dictionary) ? unfilter(rows, width, channels, height) : new Uint8Array(rows);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i += 1) {
      const [r, g, b] = channels === 3 ? [pixels[i * 3], pixels[i * 3 + 1], pixels[i * 3 + 2]] : [pixels[i], pixels[i], pixels[i]];
      rgba.set([r ?? 0, g ?? 0, b ?? 0, 255], i * 4);
    }
    const code = jsQR(rgba, width, height);
    if (code) found.push(code.data);
  }
  return found;
}
