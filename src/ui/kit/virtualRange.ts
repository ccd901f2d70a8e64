/**
 * Which rows the virtual table renders: the rows in view, a few ahead in the direction of the scroll,
 * one behind, and none extra after a jump (a scrollbar drag replaces the whole window at once).
 */

/** Which way the last scroll went: rows are added ahead of it; a jump of a window or more adds none. */
export type ScrollDirection = 'down' | 'up' | 'jump';

/**
 * Index range [start, end) of the rows to render when `first` is the first row in view and `inView` rows
 * fit the scroller. A `first` past the end (the list just shrank, its scroll event not yet in) shows the
 * last rows rather than nothing. One row is kept behind the direction of the scroll.
 */
export function visibleRange(first: number, inView: number, count: number, direction: ScrollDirection, overscan: number): [number, number] {
  const top = Math.max(0, Math.min(first, count - inView));
  const before = direction === 'up' ? overscan : direction === 'down' ? 1 : 0;
  const after = direction === 'down' ? overscan : direction === 'up' ? 1 : 0;
  return [Math.max(0, top - before), Math.min(count, top + inView + after)];
}

/** The direction of a move from one first row to the next, for `inView` rows in view. */
export function scrollDirection(from: number, to: number, inView: number): ScrollDirection {
  if (Math.abs(to - from) >= inView) return 'jump';
  return to < from ? 'up' : 'down';
}
