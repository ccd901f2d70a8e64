/** The README's lifecycle tables are the machines' own (src/machines/lifecycles/readme.ts), never edited by hand. */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LIFECYCLES, stepsMachineOf } from '../../src/machines/lifecycles/index';
import { lifecyclesReadme, README_BEGIN, README_END } from '../../src/machines/lifecycles/readme';

describe('the README lifecycle section', () => {
  it('is what the machines say (run `npm run readme:lifecycles` after changing one)', () => {
    const text = fs.readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const section = text.slice(text.indexOf(README_BEGIN), text.indexOf(README_END) + README_END.length);
    expect(section).toBe(lifecyclesReadme());
  });

  it('puts every guard of every machine into words, those of its edits and deletes too', () => {
    for (const lifecycle of LIFECYCLES) {
      const used = Object.values(stepsMachineOf(lifecycle.machine).config.states ?? {}).flatMap((node) => Object.values((node as { on?: Record<string, { guard?: string }> }).on ?? {}).map((t) => t.guard));
      const records = [...Object.values(lifecycle.records.edit), ...Object.values(lifecycle.records.delete)].map((rule) => rule.guard);
      for (const guard of [...used, ...records]) if (guard) expect(lifecycle.guards[guard], `${lifecycle.module}: ${guard}`).toBeTruthy();
    }
  });
});
