/**
 * The header's logo (spec document 1 §1): the subscriber's first header image, or the default /logo.svg
 * when the subscriber has none or the call fails (a missing logo is no reason to bother the person).
 * A tiny machine of its own: the session runs it for the header (screen `headerLogo`), which reads `context.url`.
 */
import { assign, fromPromise, setup } from 'xstate';
import { fetchHeaderImages, type HeaderImage, type HeaderImagesReply } from '../../api/account';

export const DEFAULT_LOGO = '/logo.svg';

export function logoFrom(images: readonly HeaderImage[] | null | undefined): string {
  const first = (images ?? []).find((image) => typeof image?.url === 'string' && image.url.trim() !== '');
  return first ? first.url : DEFAULT_LOGO;
}

export const headerLogoMachine = setup({
  types: {
    context: {} as { subscriberId: string; url: string },
    input: {} as { subscriberId: string },
  },
  actors: {
    loadHeaderImages: fromPromise<HeaderImagesReply, { subscriberId: string }>(({ input }) => fetchHeaderImages(input.subscriberId)),
  },
  guards: {
    hasSubscriber: ({ context }) => context.subscriberId !== '',
  },
}).createMachine({
  id: 'headerLogo',
  context: ({ input }) => ({ subscriberId: input.subscriberId, url: DEFAULT_LOGO }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasSubscriber', target: 'loading' }, { target: 'ready' }],
    },
    loading: {
      invoke: {
        src: 'loadHeaderImages',
        input: ({ context }) => ({ subscriberId: context.subscriberId }),
        onDone: { target: 'ready', actions: assign({ url: ({ event }) => logoFrom(event.output?.headerImages) }) },
        onError: { target: 'ready' },
      },
    },
    ready: {},
  },
});
