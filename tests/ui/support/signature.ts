/** A stroke on a signature pad, as signature_pad hears it (pointer down, move, up), for the UI tests. */
import { fireEvent } from '@testing-library/react';

export function strokeOn(canvas: HTMLElement): void {
  fireEvent.pointerDown(canvas, { clientX: 10, clientY: 10, buttons: 1, pointerId: 1, isPrimary: true });
  fireEvent.pointerMove(canvas, { clientX: 40, clientY: 30, buttons: 1, pointerId: 1, isPrimary: true });
  fireEvent.pointerUp(canvas, { clientX: 40, clientY: 30, pointerId: 1, isPrimary: true });
  // jsdom lacks PointerEvent in some versions; signature_pad then listens to mouse events.
  fireEvent.mouseDown(canvas, { clientX: 10, clientY: 10, buttons: 1, which: 1 });
  fireEvent.mouseMove(canvas, { clientX: 40, clientY: 30, buttons: 1, which: 1 });
  fireEvent.mouseUp(canvas, { clientX: 40, clientY: 30, which: 1 });
}
