/**
 * A screen loaded on demand that renders at once when its module is already in.
 *
 * React.lazy suspends on a component's first render even when its chunk has arrived, and after showing a
 * Suspense fallback React holds the revealed content back for up to 300 ms (its fallback throttle). On the
 * sign-in page that was the whole gap between "Loading…" and the form (issue 18). `preload()` starts the import
 * ahead of the first render (screens.ts, preloadFirstScreens); once it has settled the screen renders directly,
 * and until then it is a plain React.lazy under the routes' Suspense boundaries, as before.
 */
import { createElement, lazy, useState, type ComponentType } from 'react';

export type LazyScreen<P extends object> = ComponentType<P> & {
  /** Starts loading the screen's module; resolves once it is in (rejections are left to the render). */
  preload(): Promise<void>;
  /** The module is in: the screen renders without suspending. */
  isLoaded(): boolean;
};

export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy(() => start().then((component) => ({ default: component })));
  const Screen = (props: P) => {
    // Chosen once per mount: switching an instance from Lazy to the loaded component would remount it.
    const [component] = useState(() => loaded ?? Lazy);
    return createElement(component, props);
  };
  return Object.assign(Screen, {
    isLoaded: () => loaded !== undefined,
    preload: () =>
      start().then(
        () => undefined,
        () => undefined,
      ),
  });
}
