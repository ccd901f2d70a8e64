/** The light table of who may use each module (src/contract/moduleAccessTable.ts) is the catalogue's own, exactly. */
import { describe, expect, it } from 'vitest';
import { MODULE_ACCESS } from '../../src/contract/moduleAccessTable';
import { catalogue, moduleViews } from '../../src/contract/modules';

describe('MODULE_ACCESS', () => {
  it("holds every catalogue module's feature and the codes of the views that show it, and nothing else", () => {
    const fromCatalogue = Object.fromEntries(
      catalogue.map((def) => [def.name, { feature: def.feature, views: [...new Set(moduleViews.filter((v) => v.module === def.name || v.alsoModules?.includes(def.name)).map((v) => v.code))].sort() }]),
    );
    expect(MODULE_ACCESS, `copy this table into src/contract/moduleAccessTable.ts: ${JSON.stringify(fromCatalogue)}`).toEqual(fromCatalogue);
  });
});
