/**
 * The catalogue's areas (src/contract/modules/index.ts builds the catalogue from them), by which the generated UI
 * tests are split into files a worker each can take: a module belongs to the one area that declares it.
 */
import type { ModuleDef } from '../../../src/contract/modules';
import { adminModules } from '../../../src/contract/modules/admin';
import { assetModules } from '../../../src/contract/modules/assets';
import { billingModules } from '../../../src/contract/modules/billing';
import { machineModules } from '../../../src/contract/modules/machines';
import { partsModules } from '../../../src/contract/modules/parts';
import { salesModules } from '../../../src/contract/modules/sales';
import { sensorModules } from '../../../src/contract/modules/sensors';
import { serviceModules } from '../../../src/contract/modules/service';

const AREAS = {
  admin: adminModules,
  service: serviceModules,
  assets: assetModules,
  machines: machineModules,
  parts: partsModules,
  sensors: sensorModules,
  sales: salesModules,
  billing: billingModules,
} satisfies Record<string, readonly ModuleDef[]>;

export type Area = keyof typeof AREAS;

/** The area that declares a module. */
export function areaOf(module: string): Area {
  const found = (Object.keys(AREAS) as Area[]).find((area) => (AREAS[area] as readonly ModuleDef[]).some((def) => def.name === module));
  if (!found) throw new Error(`${module} is in no area of the catalogue`);
  return found;
}
