/**
 * The composed handler map (server/domain/handlers.ts) against the catalogue, case by case: every custom call of
 * every module has its handler, and the map names no call and no operation the catalogue does not declare. The
 * type check (CatalogueHandlers) already refuses both; this says it again where a test list can show it.
 */
import { describe, expect, it } from 'vitest';
import { catalogueHandlers } from '../../server/domain/handlers';
import { catalogue, moduleNamed, moduleOps } from '../../src/contract/modules/index';

/** The map read by module name, as the catalogue routes read it. */
const byName: Readonly<Record<string, { calls?: Readonly<Record<string, { handler: unknown }>>; ops?: Readonly<Record<string, unknown>> } | undefined>> =
  catalogueHandlers;

const customCalls = catalogue.flatMap((def) => (def.calls ?? []).filter((c) => c.kind === 'custom').map((call) => ({ def, call })));

describe('the catalogue handler map', () => {
  it('covers calls of the catalogue', () => {
    expect(customCalls.length).toBeGreaterThan(0);
  });

  it.each(customCalls.map((c) => [`${c.def.name}.${c.call.name}`, c] as const))('%s has a handler', (_key, { def, call }) => {
    expect(typeof byName[def.name]?.calls?.[call.name]?.handler).toBe('function');
  });

  it.each(Object.keys(byName))('%s: only the calls and operations the catalogue declares', (name) => {
    const def = moduleNamed(name);
    const custom = (def.calls ?? []).filter((c) => c.kind === 'custom').map((c) => c.name);
    expect(Object.keys(byName[name]?.calls ?? {}).sort()).toEqual([...custom].sort());
    for (const [op, handler] of Object.entries(byName[name]?.ops ?? {})) {
      expect(moduleOps(def)).toContain(op);
      expect(typeof handler).toBe('function');
    }
  });
});
