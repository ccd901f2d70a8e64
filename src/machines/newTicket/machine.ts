/**
 * Raising a ticket with photos, in one form and one press of Save (issue 31 item 6): the photos taken with the
 * phone's camera are held in the form before the ticket exists; Save creates the ticket, then sends each photo to it
 * in turn, with progress. A photo that fails stops there and says so, with the ticket already saved: the person sends
 * it again or, knowingly, carries on without it. Nothing is dropped in silence. The machines to pick come from the
 * server, scoped to the person (a client's user: his company's machines only).
 *
 *   (machines: loaded beside everything, once)
 *   editing ──ticket.submit──▶ creating ──done──▶ uploading ──done (last photo)──▶ done (final)
 *      ▲  photo.add/remove       │ (no photos)──────────────────────────────────▶ done
 *      └──────── error ──────────┘      │ ◀──done (more)── (re-entered per photo)
 *   editing ──ticket.cancel──▶ cancelled        └─error─▶ uploadFailed ──photo.retry──▶ uploading
 *                                                                      └─photos.skip──▶ uploading (more held) / done
 *                                                                        (the skipped photo stays named)
 */
import { assign, fromPromise, setup, spawnChild, stopChild, type ActorRefFrom, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import { toErrorPayload } from '../../api/http';
import { createTicket, fetchTicketMachines, uploadPhoto, type HeldPhoto, type MachineChoice } from './calls';

/** At most this many photos go with one ticket (more belong in the ticket's timeline afterwards). */
export const MAX_PHOTOS = 6;
/** A photo larger than this is refused when it is picked (a phone's camera stays well below it). */
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;

export type PhotoState = 'held' | 'sending' | 'sent' | 'failed' | 'skipped';

export interface NewTicketPhoto extends HeldPhoto {
  state: PhotoState;
}

export interface NewTicketContext {
  machines: MachineChoice[] | null;
  machinesError: string | null;
  photos: NewTicketPhoto[];
  /** Why a picked file was not taken (not a photo, too large, too many). */
  refused: string | null;
  body: Record<string, unknown> | null;
  ticket: { _id: string; alternateId?: string } | null;
  /** Why the ticket was not saved, or why a photo was not sent. */
  error: string | null;
}

export type NewTicketEvent =
  | { type: 'photo.add'; photos: HeldPhoto[] }
  | { type: 'photo.remove'; key: string }
  | { type: 'ticket.submit'; body: Record<string, unknown> }
  | { type: 'ticket.cancel' }
  | { type: 'photo.retry' }
  | { type: 'photos.skip' }
  | DoneActorEvent<MachineChoice[], 'machines'>
  | ErrorActorEvent<unknown, 'machines'>
  | DoneActorEvent<{ _id: string; alternateId?: string }, 'create'>
  | ErrorActorEvent<unknown, 'create'>
  | DoneActorEvent<void, 'upload'>
  | ErrorActorEvent<unknown, 'upload'>;

const nextToSend = (context: NewTicketContext): NewTicketPhoto | undefined => context.photos.find((p) => p.state === 'held' || p.state === 'sending');
const messageOf = (error: unknown, fallback: string): string => toErrorPayload(error).message || fallback;

/** The photos taken from a pick, and why any were not. */
function takePhotos(held: readonly NewTicketPhoto[], picked: readonly HeldPhoto[]): { photos: NewTicketPhoto[]; refused: string | null } {
  const photos = [...held];
  const refusals: string[] = [];
  for (const photo of picked) {
    if (!photo.mimeType.startsWith('image/')) refusals.push(`${photo.name} is not a photo`);
    else if (photo.file.size > MAX_PHOTO_BYTES) refusals.push(`${photo.name} is larger than 20 MB`);
    else if (photos.length >= MAX_PHOTOS) refusals.push(`${photo.name}: at most ${MAX_PHOTOS} photos go with a new ticket`);
    else photos.push({ ...photo, state: 'held' });
  }
  return { photos, refused: refusals.length ? refusals.join('; ') : null };
}

export const newTicketMachine = setup({
  types: { context: {} as NewTicketContext, events: {} as NewTicketEvent },
  actors: {
    fetchTicketMachines: fromPromise<MachineChoice[]>(() => fetchTicketMachines()),
    createTicket: fromPromise<{ _id: string; alternateId?: string }, { body: Record<string, unknown> }>(({ input }) => createTicket(input)),
    uploadPhoto: fromPromise<void, { ticketId: string; photo: HeldPhoto }>(({ input }) => uploadPhoto(input)),
  },
  guards: {
    hasPhotos: ({ context }) => context.photos.length > 0,
    moreHeld: ({ context }) => context.photos.some((p) => p.state === 'held'),
    lastPhoto: ({ context }) => context.photos.filter((p) => p.state === 'held' || p.state === 'sending').length <= 1,
  },
  actions: {
    spawnMachines: spawnChild('fetchTicketMachines', { id: 'machines' }),
    keepMachines: assign(({ event }) => (event.type === 'xstate.done.actor.machines' ? { machines: event.output, machinesError: null } : {})),
    keepMachinesError: assign(({ event }) => (event.type === 'xstate.error.actor.machines' ? { machines: [], machinesError: messageOf(event.error, 'Failed to get list of machine instance') } : {})),
    addPhotos: assign(({ context, event }) => (event.type === 'photo.add' ? takePhotos(context.photos, event.photos) : {})),
    removePhoto: assign(({ context, event }) => (event.type === 'photo.remove' ? { photos: context.photos.filter((p) => p.key !== event.key), refused: null } : {})),
    keepBody: assign(({ event }) => (event.type === 'ticket.submit' ? { body: event.body, error: null, refused: null } : {})),
    spawnCreate: spawnChild('createTicket', { id: 'create', input: ({ context }) => ({ body: context.body ?? {} }) }),
    stopCreate: stopChild('create'),
    keepTicket: assign(({ event }) => (event.type === 'xstate.done.actor.create' ? { ticket: event.output } : {})),
    keepCreateError: assign(({ event }) => (event.type === 'xstate.error.actor.create' ? { error: messageOf(event.error, 'Failed to create ticket') } : {})),
    markSending: assign(({ context }) => {
      const next = nextToSend(context);
      return { photos: context.photos.map((p) => (p === next ? { ...p, state: 'sending' as const } : p)), error: null };
    }),
    spawnUpload: spawnChild('uploadPhoto', {
      id: 'upload',
      input: ({ context }) => {
        const photo = nextToSend(context) as NewTicketPhoto;
        return { ticketId: context.ticket?._id ?? '', photo: { key: photo.key, file: photo.file, name: photo.name, mimeType: photo.mimeType } };
      },
    }),
    stopUpload: stopChild('upload'),
    markSent: assign(({ context }) => ({ photos: context.photos.map((p) => (p.state === 'sending' ? { ...p, state: 'sent' as const } : p)) })),
    markFailed: assign(({ context, event }) => ({
      photos: context.photos.map((p) => (p.state === 'sending' ? { ...p, state: 'failed' as const } : p)),
      error: event.type === 'xstate.error.actor.upload' ? messageOf(event.error, 'Failed to upload file') : null,
    })),
    skipFailed: assign(({ context }) => ({ photos: context.photos.map((p) => (p.state === 'failed' ? { ...p, state: 'skipped' as const } : p)), error: null })),
    holdFailedAgain: assign(({ context }) => ({ photos: context.photos.map((p) => (p.state === 'failed' ? { ...p, state: 'held' as const } : p)), error: null })),
  },
}).createMachine({
  id: 'newTicket',
  context: { machines: null, machinesError: null, photos: [], refused: null, body: null, ticket: null, error: null },
  entry: 'spawnMachines',
  on: {
    'xstate.done.actor.machines': { actions: 'keepMachines' },
    'xstate.error.actor.machines': { actions: 'keepMachinesError' },
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'photo.add': { actions: 'addPhotos' },
        'photo.remove': { actions: 'removePhoto' },
        'ticket.submit': { target: 'creating', actions: 'keepBody' },
        'ticket.cancel': { target: 'cancelled' },
      },
    },
    creating: {
      entry: 'spawnCreate',
      exit: 'stopCreate',
      on: {
        'xstate.done.actor.create': [
          { guard: 'hasPhotos', target: 'uploading', actions: 'keepTicket' },
          { target: 'done', actions: 'keepTicket' },
        ],
        'xstate.error.actor.create': { target: 'editing', actions: 'keepCreateError' },
      },
    },
    uploading: {
      entry: ['markSending', 'spawnUpload'],
      exit: 'stopUpload',
      on: {
        'xstate.done.actor.upload': [
          { guard: 'lastPhoto', target: 'done', actions: 'markSent' },
          { target: 'uploading', reenter: true, actions: 'markSent' },
        ],
        'xstate.error.actor.upload': { target: 'uploadFailed', actions: 'markFailed' },
      },
    },
    uploadFailed: {
      on: {
        'photo.retry': { target: 'uploading', actions: 'holdFailedAgain' },
        // Knowingly without the failed photo: the ones after it are still sent, and the failed one stays named.
        'photos.skip': [
          { guard: 'moreHeld', target: 'uploading', actions: 'skipFailed' },
          { target: 'done', actions: 'skipFailed' },
        ],
      },
    },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type NewTicketActorRef = ActorRefFrom<typeof newTicketMachine>;
export type NewTicketSnapshot = SnapshotFrom<typeof newTicketMachine>;

/** Photos sent so far and in all, for the progress shown while saving. */
export function photoProgress(context: NewTicketContext): { sent: number; total: number } {
  return { sent: context.photos.filter((p) => p.state === 'sent').length, total: context.photos.length };
}
