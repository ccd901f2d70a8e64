/**
 * Which catalogue modules a route shows, found automatically so that a module added to the catalogue
 * appears on its screen without touching the router:
 * - a view of the catalogue (`moduleViews`) for this route: a module shown through a filter, under the
 *   route's own code (ticket call views, ticket types, invoice views);
 * - every module whose `feature` is the route's code;
 * - for the `{product}Dashboard` pattern and other open routes, the module named after the route
 *   ('sensorProductDashboard' → sensor-product, 'fire-extinguisher' → fire-extinguisher).
 */
import { catalogue, moduleOps, moduleViews, type ModuleDef, type ModuleView } from '../contract/modules';
import { moduleNameForOpenRoute } from '../contract/screenAccess';
import { GUARDED_ROUTES } from '../contract/routes';

// The open screens' rule lives in the contract: the server's side menu applies it too.
export { kebab, mayUseModule } from '../contract/screenAccess';

/** The catalogue module an open route named after it shows (`sensorProductDashboard` → sensor-product). */
export function moduleForOpenRoute(segment: string): ModuleDef | undefined {
  const name = moduleNameForOpenRoute(segment);
  return name === undefined ? undefined : catalogue.find((m) => m.name === name);
}

export type ViewFilter = NonNullable<ModuleView['filter']>;

export interface RouteModule {
  def: ModuleDef;
  label: string;
  /** The code that grants the module on this route (the route's, for views). */
  code: string;
  filter?: ViewFilter;
}

/**
 * The query parameter that opens a list with its New form (`/app/request-spareparts?new`): the phone's bottom bar
 * "New" links to a list this way, and the list takes it away once the form is open, so a reload does not reopen it.
 */
export const NEW_RECORD_PARAM = 'new';

/** A list's address with its New form opened. */
export function newRecordHref(href: string): string {
  return `${href}${href.includes('?') ? '&' : '?'}${NEW_RECORD_PARAM}`;
}

/** The search without NEW_RECORD_PARAM ('' or '?…'), for replacing the address once the form is open. */
export function withoutNewRecordParam(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(NEW_RECORD_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The query parameter that opens a list with one record's view (`/app/manage-po?view=<id>`): a record's link. */
export const VIEW_RECORD_PARAM = 'view';

/**
 * The address of a module's record view: its list screen (the first route that shows the module unfiltered, as its
 * first tab) with VIEW_RECORD_PARAM. Undefined for a module no screen lists.
 */
export function recordHref(module: string, id: string): string | undefined {
  const route = GUARDED_ROUTES.find((r) => {
    const modules = modulesForRoute(r.path, r.code);
    return modules[0]?.def.name === module && !modules[0].filter;
  });
  return route ? `/app/${route.path}?${VIEW_RECORD_PARAM}=${encodeURIComponent(id)}` : undefined;
}

export function modulesForRoute(path: string, code: string): RouteModule[] {
  const views = moduleViews
    .filter((v) => v.route === path)
    .map((v) => ({ view: v, def: catalogue.find((m) => m.name === v.module) }))
    .filter((v): v is { view: ModuleView; def: ModuleDef } => Boolean(v.def))
    .map(({ view, def }) => ({ def, label: view.label, code: view.code, filter: view.filter }));
  // A module without a list (a host of calls only, like dashboard-charts) has nothing to show on a route.
  const own = catalogue.filter((m) => m.feature === code && moduleOps(m).includes('list') && !views.some((v) => v.def.name === m.name)).map((def) => ({ def, label: def.label, code }));
  return [...views, ...own];
}

/**
 * The values a view fixes for a record made on its screen (a Breakdown ticket's type, an operator ticket's source):
 * each filter field naming one value, not a person ('$me', '$client': the server stamps those).
 */
export function fixedValues(filter: ViewFilter | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(filter ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && !entry[1].startsWith('$')));
}

/** Whether a record belongs to a view: every filter field equal (or one of a list); '$me' is the person. */
export function matchesView(row: Record<string, unknown>, filter: ViewFilter | undefined, userId: string | undefined): boolean {
  if (!filter) return true;
  return Object.entries(filter).every(([field, expected]) => {
    const actual = row[field];
    const wanted = (Array.isArray(expected) ? expected : [expected]).map((v) => (v === '$me' ? userId : v));
    const actualValues = Array.isArray(actual) ? actual : [actual];
    return actualValues.some((a) => wanted.some((w) => a === w || (a != null && w != null && String(a) === String(w)) || (a && typeof a === 'object' && '_id' in a && (a as { _id: unknown })._id === w)));
  });
}

