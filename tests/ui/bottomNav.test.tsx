/**
 * The phone's bottom bar (issue 12): its four entries are the field tools the person's menu holds, then the menu's
 * first entries; everything else is behind "More".
 */
import { describe, expect, it } from 'vitest';
import { directEntries } from '../../src/ui/shell/BottomNav';
import type { NavEntry } from '../../src/ui/shell/menuModel';

const entry = (segment: string): NavEntry => ({ key: segment, label: segment, icon: 'IconHome', href: `/app/${segment}`, children: [] });

describe('the bottom bar', () => {
  it("puts an engineer's tools first, in the field's order, then the menu's first entries", () => {
    const menu = [entry('home'), entry('dashboard'), entry('request-spareparts'), entry('my-open-tickets'), entry('machine-scanning'), entry('my-calendar')];
    expect(directEntries(menu).map((e) => e.key)).toEqual(['my-open-tickets', 'machine-scanning', 'request-spareparts', 'home']);
  });

  it('keeps the menu order for someone who holds no field tool', () => {
    const menu = [entry('home'), entry('dashboard'), entry('generate-invoice'), entry('manual-payment'), entry('final-invoice-list')];
    expect(directEntries(menu).map((e) => e.key)).toEqual(['home', 'dashboard', 'generate-invoice', 'manual-payment']);
  });
});
