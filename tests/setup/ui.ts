/**
 * Setup of the `ui` Vitest project (jsdom). Mantine needs matchMedia and ResizeObserver, which jsdom
 * lacks; the signature pad needs a 2D canvas context, which jsdom does not implement either. Each
 * test unmounts what it rendered and starts from an empty browser store. Tests swap the session's sign-in and
 * restore steps, which would load its children's code (sessionLogic.ts), so that code is loaded here.
 */
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { loadAllSessionLogic } from '../../src/machines/sessionLogic';

await loadAllSessionLogic();

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverPolyfill {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverPolyfill });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverPolyfill });
}

// Mantine's ScrollArea and Combobox call these; jsdom has no layout.
Element.prototype.scrollIntoView = Element.prototype.scrollIntoView ?? (() => undefined);
if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => undefined;
window.scrollTo = () => undefined;

// A recording 2D context: enough for signature_pad to draw strokes and clear.
const noop = (): void => undefined;
const context2d = new Proxy(
  {},
  {
    get: (_target, prop) => {
      if (prop === 'canvas') return undefined;
      if (prop === 'getImageData') return () => ({ data: new Uint8ClampedArray(4) });
      if (prop === 'measureText') return () => ({ width: 0 });
      return noop;
    },
    set: () => true,
  },
);
Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', { writable: true, value: () => context2d });
Object.defineProperty(HTMLCanvasElement.prototype, 'toDataURL', {
  writable: true,
  value: () => 'data:image/png;base64,iVBORw0KGgo=',
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});

// Mantine's autosizing textarea listens to font loading; jsdom has no FontFaceSet.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
  });
}

// Screens load lazily (one chunk per area); the first render of an area takes longer than the default 1 s, and on
// a 2-core machine running two test files at once (vitest.config.ts) a cold area's first import took over 5 s.
// Only a test that would fail waits this long: a passing one goes on as soon as what it waits for shows.
configure({ asyncUtilTimeout: 15_000 });
