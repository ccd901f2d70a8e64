/**
 * The navigation drawn with the menu's icons (./navParts.ts), which loads apart from the shell (issue 30).
 *
 * On a screen wide enough for the side or top navigation (lg and up), the signed-in pages' first render waits for
 * it (routes/screens.ts preloads it with the shell): the page looks exactly as when it was part of the shell. Below
 * lg the first render goes ahead without it: neither navigation shows there, and home's cards, the one part of a
 * phone's page that uses the icons, keep their placeholders the moment longer until it is in. Its download starts
 * with the shell's first render either way, once the first wave of files is in and the network is free.
 */
import { useEffect, useState } from 'react';
import { DEFAULT_THEME, em, px } from '@mantine/core';

type NavParts = typeof import('./navParts');

let loaded: NavParts | undefined;
let loading: Promise<NavParts> | undefined;
const waiting = new Set<(parts: NavParts) => void>();

/** Brings the navigation's code (once); every component waiting for it renders again when it is in. */
export function loadNavParts(): Promise<NavParts> {
  loading ??= import('./navParts').then((parts) => {
    loaded = parts;
    waiting.forEach((notify) => notify(parts));
    waiting.clear();
    return parts;
  });
  return loading;
}

/** Mantine's lg breakpoint, below which the side navigation is hidden (AppLayout.tsx); the app's theme keeps Mantine's breakpoints. */
const LG = DEFAULT_THEME.breakpoints.lg;

/** Whether the side or top navigation can show on this screen now (lg and up). */
export function isWideScreen(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(`(min-width: ${em(Number(px(LG)))})`).matches;
}

/**
 * Starts loading the navigation; on a wide screen settles once it is in, so the first render has it (failures are
 * left to the render, which draws the shell without it).
 */
export function prepareNavParts(): Promise<void> {
  const parts = loadNavParts().then(
    () => undefined,
    () => undefined,
  );
  return isWideScreen() ? parts : Promise.resolve();
}

/** The navigation's parts once they are in, undefined until then (the caller renders again when they come). */
export function useNavParts(): NavParts | undefined {
  const [parts, setParts] = useState(loaded);
  useEffect(() => {
    if (parts) return;
    if (loaded) {
      setParts(loaded);
      return;
    }
    waiting.add(setParts);
    void loadNavParts().catch(() => undefined);
    return () => {
      waiting.delete(setParts);
    };
  }, [parts]);
  return parts;
}
