/** The virtual table's window: rows in view, a few ahead of the scroll, one behind, none extra after a jump. */
import { describe, expect, it } from 'vitest';
import { scrollDirection, visibleRange } from '../../src/ui/kit/virtualRange';

describe('visibleRange', () => {
  it('renders the rows in view, four ahead when scrolling down and one behind', () => {
    expect(visibleRange(100, 14, 100_000, 'down', 4)).toEqual([99, 118]);
  });
  it('puts the extra rows above when scrolling up', () => {
    expect(visibleRange(100, 14, 100_000, 'up', 4)).toEqual([96, 115]);
  });
  it('renders only the rows in view after a jump', () => {
    expect(visibleRange(50_000, 14, 100_000, 'jump', 4)).toEqual([50_000, 50_014]);
  });
  it('stops at the top and at the end of the list', () => {
    expect(visibleRange(0, 14, 100_000, 'up', 4)).toEqual([0, 15]);
    expect(visibleRange(99_986, 14, 100_000, 'down', 4)).toEqual([99_985, 100_000]);
  });
  it('shows the last rows when the list shrank below the scroll position', () => {
    expect(visibleRange(5_000, 14, 20, 'down', 4)).toEqual([5, 20]);
  });
  it('renders every row of a list shorter than the view', () => {
    expect(visibleRange(0, 14, 3, 'down', 4)).toEqual([0, 3]);
    expect(visibleRange(0, 14, 0, 'jump', 4)).toEqual([0, 0]);
  });
});

describe('scrollDirection', () => {
  it('is down or up for a move shorter than the view, a jump otherwise', () => {
    expect(scrollDirection(10, 13, 14)).toBe('down');
    expect(scrollDirection(13, 10, 14)).toBe('up');
    expect(scrollDirection(10, 24, 14)).toBe('jump');
    expect(scrollDirection(24, 10, 14)).toBe('jump');
  });
});
