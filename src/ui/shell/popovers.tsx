/**
 * The shell's hover labels and flyout menus, which come a moment after its first render (issue 18): the shell's
 * buttons paint at once, and Mantine's Tooltip and Menu (./popoverParts.ts) load right after and wrap them. A
 * button is the same button with or without them: only what hovering or pressing it shows waits.
 */
import type { TooltipProps } from '@mantine/core';
import { useEffect, useState, type ReactElement } from 'react';
import { afterPaint } from '../kit/afterPaint';

type Popovers = typeof import('./popoverParts');

let loaded: Popovers | undefined;
let loading: Promise<Popovers> | undefined;

/** Brings the popovers' code (once). */
export function loadPopovers(): Promise<Popovers> {
  loading ??= import('./popoverParts').then((parts) => (loaded = parts));
  return loading;
}

/** Mantine's Tooltip and Menu once they are in, undefined until then; the first caller starts loading them, after the first paint. */
export function usePopovers(): Popovers | undefined {
  const [parts, setParts] = useState(loaded);
  useEffect(() => {
    if (parts) return;
    let current = true;
    const cancel = afterPaint(() => {
      loadPopovers().then(
        (module) => {
          if (current) setParts(module);
        },
        // Without them the buttons still work; only their hover labels and flyouts are missing.
        () => undefined,
      );
    });
    return () => {
      current = false;
      cancel();
    };
  }, [parts]);
  return parts;
}

/** `children` with a Mantine Tooltip around it once the popovers are in; alone (it carries its aria-label) until then. */
export function Hint({ children, ...props }: TooltipProps & { children: ReactElement }) {
  const popovers = usePopovers();
  return popovers ? <popovers.Tooltip {...props}>{children}</popovers.Tooltip> : children;
}
