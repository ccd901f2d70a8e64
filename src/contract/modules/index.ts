/** The whole catalogue: every module of every area, in one list every layer reads. */
import type { CustomCallName, CustomCallOf, ModuleDef, ModuleOp, ReplyOf } from './define';
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

/** Every module of the catalogue as declared: its literal name, calls and operations (see defineModule). */
export type CatalogueModule =
  | (typeof adminModules)[number]
  | (typeof serviceModules)[number]
  | (typeof assetModules)[number]
  | (typeof machineModules)[number]
  | (typeof partsModules)[number]
  | (typeof sensorModules)[number]
  | (typeof salesModules)[number]
  | (typeof billingModules)[number];

export type ModuleName = CatalogueModule['name'];
/** The catalogue entry of the module named N, as declared (its literal calls with their schemas). */
export type ModuleOf<N extends ModuleName> = Extract<CatalogueModule, { name: N }>;
type Module<N extends ModuleName> = ModuleOf<N>;

/** The custom calls of the module named N (each needs a handler on the server). */
export type CallOf<N extends ModuleName> = CustomCallName<Module<N>>;
/** The declaration of the custom call C of the module named N: its route and its schemas. */
export type CallDeclOf<N extends ModuleName, C extends string> = Extract<CustomCallOf<Module<N>>, { name: C }>;
/** What the handler of the module named N's custom call C answers: the input type of the call's reply schema. */
export type CallReply<N extends ModuleName, C extends string> = ReplyOf<CallDeclOf<N, C>>;
/** The operations of the module named N (each may have a server override). */
export type OpOf<N extends ModuleName> = ModuleOp<Module<N>>;
/** The modules with at least one custom call. */
export type ModuleWithCalls = { [N in ModuleName]: [CallOf<N>] extends [never] ? never : N }[ModuleName];

/** A custom call's entry in the server's handler map: its handler, given the server's context, answering `Reply`. */
export interface CallEntryFor<Ctx, Reply> {
  handler: (ctx: Ctx) => Promise<Reply>;
}

/**
 * What the server provides for the module named N, given its context and operation handler types (the catalogue
 * stays free of server types): exactly one entry per custom call, whose handler answers that call's reply type (a
 * handler answering another shape does not compile), and optionally an `OpHandler` replacing some of its operations.
 */
export type ModuleHandlers<N extends ModuleName, Ctx, OpHandler> = N extends ModuleWithCalls
  ? { calls: { [C in CallOf<N>]: CallEntryFor<Ctx, CallReply<N, C>> }; ops?: { [O in OpOf<N>]?: OpHandler } }
  : { ops?: { [O in OpOf<N>]?: OpHandler } };

/**
 * The whole catalogue's handlers: an entry for every module with custom calls (one per call: a missing, extra
 * or misspelled call does not compile, nor does a handler answering another shape than its call's reply), and
 * optional operation overrides for any module.
 */
export type HandlerMap<Ctx, OpHandler> = { [N in ModuleWithCalls]: ModuleHandlers<N, Ctx, OpHandler> } & {
  [N in Exclude<ModuleName, ModuleWithCalls>]?: ModuleHandlers<N, Ctx, OpHandler>;
};

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

/** The entry of a module: as declared when the name is written out (its calls typed), as data otherwise. */
export function moduleNamed<N extends ModuleName>(name: N): ModuleOf<N>;
export function moduleNamed(name: string): ModuleDef;
export function moduleNamed(name: string): ModuleDef {
  const def = byName.get(name);
  if (!def) throw new Error(`Unknown module ${name}`);
  return def;
}

export * from './define';
export * from './peoplePicker';
