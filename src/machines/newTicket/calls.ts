/**
 * The I/O of raising a ticket with photos (issue 31 item 6): the machines the person may raise it for (GET
 * machine-dashboard/ticket-machines, scoped by the server: a client's user, his company's), the ticket's create, and
 * each photo sent to the new ticket (POST ticket/attachment/{id}). A phone's camera photo is several megabytes; it
 * is sent as a JPEG of at most 1600 px on its long side (what a technician needs to see, and well inside the
 * server's request limit), or as it is where the browser cannot redraw it.
 */
import { endpointRequest, moduleCalls } from '../../api/calls';
import { machineDashboardEndpoints, type MachineChoice } from '../../contract/machineShapes';
import { ticket } from '../../contract/modules/service';

/** A photo held in the form until the ticket is saved. */
export interface HeldPhoto {
  /** Stable key in the form (the file's name may repeat). */
  key: string;
  file: Blob;
  name: string;
  mimeType: string;
}

/** What a photo is sent as. */
export interface PhotoUpload {
  name: string;
  mimeType: string;
  contentBase64: string;
}

export const PHOTO_LONG_SIDE_PX = 1600;
const JPEG_QUALITY = 0.82;

export async function fetchTicketMachines(): Promise<MachineChoice[]> {
  return (await endpointRequest(machineDashboardEndpoints.choices)).data;
}

export async function createTicket({ body }: { body: Record<string, unknown> }): Promise<{ _id: string; alternateId?: string }> {
  const created = (await moduleCalls(ticket).create(body as never)) as unknown as { _id: string; alternateId?: unknown };
  return { _id: created._id, ...(typeof created.alternateId === 'string' ? { alternateId: created.alternateId } : {}) };
}

/** A file's bytes as base64, through FileReader (every browser a phone runs has it). */
function base64Of(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read'));
    reader.readAsDataURL(blob);
  });
}

/** The photo redrawn as a JPEG no larger than PHOTO_LONG_SIDE_PX, or null where the browser cannot. */
async function shrunk(photo: HeldPhoto): Promise<Blob | null> {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(photo.file);
    const scale = Math.min(1, PHOTO_LONG_SIDE_PX / Math.max(bitmap.width, bitmap.height));
    const canvas = new OffscreenCanvas(Math.round(bitmap.width * scale), Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return await canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  } catch {
    return null;
  }
}

export async function preparePhoto(photo: HeldPhoto): Promise<PhotoUpload> {
  const small = await shrunk(photo);
  if (small) return { name: photo.name.replace(/\.[^.]*$/, '') + '.jpg', mimeType: 'image/jpeg', contentBase64: await base64Of(small) };
  return { name: photo.name, mimeType: photo.mimeType, contentBase64: await base64Of(photo.file) };
}

export async function uploadPhoto({ ticketId, photo }: { ticketId: string; photo: HeldPhoto }): Promise<void> {
  const body = await preparePhoto(photo);
  await moduleCalls(ticket).call('attach', { params: { id: ticketId }, body });
}

export type { MachineChoice } from '../../contract/machineShapes';
