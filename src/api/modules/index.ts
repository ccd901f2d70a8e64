/** The whole catalogue: every module of every area, in one list every layer reads. */
import type { ModuleDef } from './define';
import { adminModules } from './admin';
import { serviceModules, serviceViews, type ModuleView } from './service';
import { assetModules } from './assets';
import { machineModules } from './machines';
import { partsModules, partsViews } from './parts';
import { sensorModules } from './sensors';
import { salesModules } from './sales';
import { billingModules, billingViews } from './billing';

export const catalogue: readonly ModuleDef[] = [
  ...adminModules,
  ...serviceModules,
  ...assetModules,
  ...machineModules,
  ...partsModules,
  ...sensorModules,
  ...salesModules,
  ...billingModules,
];

/**
 * Routes that show a module whose feature is another code (ticket call views, ticket types, invoice and
 * credit-note views): the route's code also grants the module's calls.
 */
export const moduleViews: readonly ModuleView[] = [...serviceViews, ...partsViews, ...billingViews];
export type { ModuleView };

/** Every feature code the catalogue uses, including the ones invented for modules without a route. */
export const catalogueFeatureCodes: readonly string[] = [...new Set([...catalogue.map((m) => m.feature), ...moduleViews.map((v) => v.code)])];

/**
 * Features of the platform operator's own work, not of a subscriber's business: granted only in the platform
 * operator's tenant (the tenant that hosts the `platform_operator` account), never in a customer tenant, where
 * the server also ignores them in any role (server/auth/sessions.ts). Tenant provisioning and the boot-time
 * reconcile (server/domain/admin/) read this list.
 */
export const platformFeatures = [
  { code: 'MANAGE_SUBSCRIBER', holds: 'the subscribers of the platform (/api/saas/subscriber)' },
  { code: 'SUBSCRIPTION_REQUESTS_LIST', holds: "prospects' subscription requests and the platform texts (terms, privacy policy)" },
] as const;

const platformCodes: ReadonlySet<string> = new Set(platformFeatures.map((f) => f.code));

export function isPlatformFeature(code: string): boolean {
  return platformCodes.has(code);
}

const byName = new Map(catalogue.map((m) => [m.name, m]));

export function moduleNamed(name: string): ModuleDef {
  const def = byName.get(name);
  if (!def) throw new Error(`Unknown module ${name}`);
  return def;
}

export * from './define';
