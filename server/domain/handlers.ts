/**
 * Every handler of the catalogue's routes in one object, typed from the catalogue (src/contract/modules): each area
 * exports its modules' handlers and they are listed here. buildApp hands this object to the catalogue routes
 * (server/http/catalogue-routes.ts); nothing joins it by an import's side effect.
 *
 * `CatalogueHandlers` asks for one entry per custom call of every module, so a custom call without a handler, a
 * misspelled call or a handler for a call the catalogue does not declare fails `npm run typecheck`.
 */
import type { CatalogueHandlers } from './call-context';
import { adminHandlers } from './admin/index';
import { assetHandlers } from './assets/index';
import { billingHandlers } from './billing/index';
import { machineHandlers } from './machines/index';
import { partsHandlers } from './parts/index';
import { publicHandlers } from './public/index';
import { salesHandlers } from './sales/index';
import { sensorHandlers } from './sensors/index';
import { serviceHandlers } from './service/index';

export const catalogueHandlers: CatalogueHandlers = {
  ...adminHandlers,
  ...serviceHandlers,
  ...assetHandlers,
  ...machineHandlers,
  ...partsHandlers,
  ...sensorHandlers,
  ...salesHandlers,
  ...billingHandlers,
  ...publicHandlers,
};

type Areas = [
  typeof adminHandlers,
  typeof serviceHandlers,
  typeof assetHandlers,
  typeof machineHandlers,
  typeof partsHandlers,
  typeof sensorHandlers,
  typeof salesHandlers,
  typeof billingHandlers,
  typeof publicHandlers,
];

/** Modules that more than one area serves (the later spread would silently win): none may be. */
type ServedTwice<A extends readonly object[], Seen = never> = A extends readonly [infer First, ...infer Rest extends readonly object[]]
  ? (keyof First & Seen) | ServedTwice<Rest, Seen | keyof First>
  : never;
type NoneServedTwice<Modules extends never> = Modules;
export type EachModuleInOneArea = NoneServedTwice<ServedTwice<Areas>>;
