/**
 * Setup of the `ui` Vitest project (jsdom). Mantine needs matchMedia and ResizeObserver, which jsdom
 * lacks; the signature pad needs a 2D canvas context, which jsdom does not implement either. Each
 * test unmounts what it rendered and starts from an empty browser store. Tests swap the session's sign-in and
 * restore steps, which would load its children's code (sessionLogic.ts), so that code is loaded here.
 */
import { afterAll, afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { loadAllSessionLogic } from '../../src/machines/sessionLogic';
import { resetHttpConfig } from '../../src/api/http';
import { configureStorage, warnWithNotice } from '../../src/api/storage';

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
  // Mantine keeps notices (shown and queued) in a store of its module, which outlives the app that showed them.
  notifications.clean();
  notifications.cleanQueue();
});

/**
 * The `ui` project runs its files in one module graph and one window per worker (vitest.config.ts): this file runs
 * again before each of them (its imports do not), so what a file changes in shared modules and in the window is put
 * back here, after the file, to what the next file expects.
 */
const windowMatchMedia = window.matchMedia;

/**
 * What test files define on the window's objects for themselves (a page out of sight, the browser's beacon and
 * clipboard, the older copy command, a camera, a barcode reader). Only these are removed: libraries keep their own marks on the same objects
 * (React's, user-event's, zod's registry), which must stay for the next file. A file that stubs something else
 * restores it itself (vi.stubGlobal is undone here too).
 */
const DEFINED_BY_TESTS: ReadonlyArray<readonly [object, string]> = [
  [document, 'visibilityState'],
  [navigator, 'sendBeacon'],
  [navigator, 'clipboard'],
  [document, 'execCommand'],
  [navigator, 'mediaDevices'],
  [globalThis, 'BarcodeDetector'],
];

afterAll(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetHttpConfig();
  configureStorage({ backend: window.localStorage, warn: warnWithNotice });
  for (const [target, key] of DEFINED_BY_TESTS) {
    if (Object.getOwnPropertyDescriptor(target, key)?.configurable) Reflect.deleteProperty(target, key);
  }
  window.matchMedia = windowMatchMedia;
  document.title = '';
  document.documentElement.removeAttribute('dir');
  document.documentElement.removeAttribute('lang');
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
