/**
 * Mantine's whole stylesheet comes with every screen but the first ones (src/ui/styles/wholeMantine.ts, issue 18):
 * asked for before the screen's module, so that the styles the screen's chunk brings (date pickers, charts, CSS
 * modules), which build on Mantine's, go into the page after it; and the screen waits for it.
 */
import { describe, expect, it, vi } from 'vitest';

const asked = vi.hoisted(() => ({ screens: 0 }));

// Every screen module stays unloaded: the test looks only at which screens ask for the stylesheet.
vi.mock('../../src/ui/styles/wholeMantine', async (importActual) => ({
  ...(await importActual<typeof import('../../src/ui/styles/wholeMantine')>()),
  afterWholeMantine: () => () => {
    asked.screens += 1;
    return new Promise(() => undefined);
  },
}));

describe('afterWholeMantine', () => {
  it('asks for the stylesheet before the module, and answers the module once both are in', async () => {
    const { afterWholeMantine } = await vi.importActual<typeof import('../../src/ui/styles/wholeMantine')>('../../src/ui/styles/wholeMantine');
    const calls: string[] = [];
    let sheetIn: () => void = () => undefined;
    const sheet = new Promise<void>((resolve) => (sheetIn = resolve));
    const load = afterWholeMantine(
      async () => {
        calls.push('module');
        return 'the module';
      },
      () => {
        calls.push('stylesheet');
        return sheet;
      },
    );
    let answered: string | undefined;
    const answer = load().then((module) => (answered = module));
    expect(calls).toEqual(['stylesheet', 'module']);
    await Promise.resolve();
    expect(answered).toBeUndefined();
    sheetIn();
    await answer;
    expect(answered).toBe('the module');
  });
});

describe('the screens (src/routes/screens.ts)', () => {
  it('all bring the whole stylesheet, but the first screens, which come with their own part of it', async () => {
    const screens = await import('../../src/routes/screens');
    const first = ['LoginScreen', 'BusinessProposalScreen', 'AppLayout', 'HomeScreen'];
    const lazy = Object.entries(screens as Record<string, unknown>).flatMap(([name, value]) =>
      typeof (value as { preload?: unknown }).preload === 'function' ? [[name, value as { preload(): Promise<void> }] as const] : [],
    );
    expect(lazy.length).toBeGreaterThan(first.length);
    const withoutSheet = lazy
      .filter(([name]) => !first.includes(name))
      .filter(([, screen]) => {
        const before = asked.screens;
        void screen.preload();
        return asked.screens === before;
      })
      .map(([name]) => name);
    expect(withoutSheet).toEqual([]);
  });
});
