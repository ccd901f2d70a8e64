/**
 * Issue 34 item 4: the side menu the server answers lists exactly the screens the person can open. Checked for
 * every demo role and for a role made by the administrator per feature the tenant offers (one role per feature,
 * generated from the tenant's own feature list, never sampled).
 *
 * "Can open" is measured here without the menu's rule (src/contract/screenAccess.ts): a guarded route by the
 * role's own grants (VIEW on its code, manage-subscriber never to USER), an open screen by asking the server for
 * what that screen shows (its dashboard calls answer something other than a refusal, or have some part in them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callPath, catalogue } from '../../src/contract/modules/index';
import { DASHBOARD_BASE } from '../../src/contract/dashboardShapes';
import { MACHINE_DASHBOARD_PATH } from '../../src/contract/machineShapes';
import { GUARDED_ROUTES, SITE_CONFIGURATION } from '../../src/contract/routes';
import { SENSOR_DASHBOARD_PATH } from '../../src/contract/sensorShapes';
import { productSideMenu, type MenuItem } from '../../server/domain/admin/side-menu';
import { DEMO_USERS } from '../../server/seed/demo-tenant';
import { testDb, type ApiBody, type SignedIn, type TestDb } from '../helpers/test-db';

let t: TestDb;
let admin: SignedIn;
let machineIds: string[] = [];

beforeAll(async () => {
  t = await testDb();
  admin = await t.signIn('admin@demo.local');
  const machines = await t.call(admin, 'GET', '/api/app/svc-machine-instances?limit=200');
  machineIds = (machines.body.data ?? []).map((m) => String(m._id));
});
afterAll(() => t.close());

const ok = async (who: SignedIn, method: string, url: string, body?: unknown) => (await t.call(who, method, url, body)).status === 200;
const dataHasAny = async (who: SignedIn, url: string, keys: readonly string[]) => {
  const res = await t.call<{ data?: Record<string, unknown> }>(who, 'GET', url);
  return res.status === 200 && keys.some((key) => res.body.data?.[key] !== undefined);
};
const charts = catalogue.find((m) => m.name === 'dashboard-charts')!;
const systemTicketKpi = callPath(charts, charts.calls!.find((c) => c.name === 'systemTicketKpi')!);
// The sales dashboard's calls (src/ui/screens/dashboards/dashboardCalls.ts loadSalesDashboard).
const salesCalls = [['lead', 'getKpi'], ['proposal', 'getKpi'], ['agreement', 'agreementKpi']].map(([name, callName]) => {
  const def = catalogue.find((m) => m.name === name)!;
  const call = def.calls!.find((c) => c.name === callName)!;
  return { method: call.method, url: callPath(def, call) };
});

/** Whether each open screen of the product menu has something to show this person, by the server's answers. */
const OPEN_SCREEN_PROBES: Record<string, (who: SignedIn) => Promise<boolean>> = {
  home: async () => true,
  dashboard: (who) => dataHasAny(who, `${DASHBOARD_BASE}/overview`, ['tickets', 'machines', 'spareParts', 'proposals', 'invoices']),
  'ticket-dashbaord': async (who) => (await dataHasAny(who, `${DASHBOARD_BASE}/ticketKpi`, ['tickets'])) || (await ok(who, 'POST', systemTicketKpi, {})),
  'operator-view': (who) => dataHasAny(who, `${DASHBOARD_BASE}/operatorDay`, ['tickets', 'maintenance', 'calendar']),
  'sales-dashboard': async (who) => (await Promise.all(salesCalls.map((c) => ok(who, c.method, c.url)))).every(Boolean),
  'qr-code-encoder': (who) => ok(who, 'GET', `${MACHINE_DASHBOARD_PATH}/summary`),
  'bom-tree': (who) => ok(who, 'GET', `${MACHINE_DASHBOARD_PATH}/summary`),
  'dashboard-machine': (who) => ok(who, 'GET', `${MACHINE_DASHBOARD_PATH}/summary`),
  // The scanner shows a card: for someone who raises tickets (their machine choices), or who may open some machine's card.
  'machine-scanning': async (who) => {
    if (await ok(who, 'GET', `${MACHINE_DASHBOARD_PATH}/ticket-machines`)) return true;
    for (const id of machineIds) if (await ok(who, 'GET', `${MACHINE_DASHBOARD_PATH}/card/${id}`)) return true;
    return false;
  },
  'dashboard-realtime': (who) => ok(who, 'GET', `${SENSOR_DASHBOARD_PATH}/live`),
  'dashboard-ui': (who) => ok(who, 'GET', `${SENSOR_DASHBOARD_PATH}/sensors`),
  'dynamic-dashboard': (who) => ok(who, 'GET', `${SENSOR_DASHBOARD_PATH}/sensors`),
  graphURLDashboard: (who) => ok(who, 'GET', `${SENSOR_DASHBOARD_PATH}/sensors`),
};

function leafPaths(items: readonly MenuItem[]): string[] {
  return items.flatMap((item) => [...(item.path ? [item.path] : []), ...leafPaths(item.children)]);
}

const segmentOf = (path: string) => path.replace(/^\/app\//, '');
const guarded = new Map(GUARDED_ROUTES.map((r) => [r.path, r]));

type Grants = ReadonlyArray<{ feature: string; privileges: readonly string[] }>;

/** The screens of the product menu this person can open, measured as the file's comment says. */
async function openableScreens(who: SignedIn, grants: Grants, roleNames: readonly string[]): Promise<string[]> {
  const holds = (code: string) => grants.some((g) => g.feature === code && g.privileges.includes('VIEW'));
  const paths = leafPaths(productSideMenu());
  const opens = await Promise.all(
    paths.map(async (path) => {
      const route = guarded.get(segmentOf(path));
      if (route) return holds(route.code) && !(route.denyRoleUser && roleNames.includes('USER'));
      const probe = OPEN_SCREEN_PROBES[segmentOf(path)];
      if (!probe) throw new Error(`No probe for the open screen ${path}: say how to tell whether it has something to show`);
      return probe(who);
    }),
  );
  return paths.filter((_, index) => opens[index]).sort();
}

async function menuOf(who: SignedIn): Promise<string[]> {
  const res = await t.call<MenuItem[]>(who, 'GET', '/api/app/subscriber-user/getSideMenu');
  expect(res.status).toBe(200);
  return leafPaths(res.body).sort();
}

describe('the side menu lists exactly the screens the person can open', () => {
  it.each(DEMO_USERS.map((u) => [u.role, u.email] as const))('demo role %s (%s)', async (_role, email) => {
    const who = await t.signIn(email);
    // The operator's role lives in the platform tenant: read the roles' grants where they are stored.
    const roles = await t.db.query<{ body: { features?: Grants } }>(`select body from m_role where _id = any($1::text[])`, [who.user.roles.map((r) => r._id)]);
    const grants = roles.rows.flatMap((r) => r.body.features ?? []);
    const expected = await openableScreens(who, grants, who.user.roles.map((r) => r.name));
    expect(await menuOf(who)).toEqual(expected);
  });

  it('a role made by the administrator, one per feature the tenant offers, with every privilege of it', async () => {
    const features = await t.call(admin, 'GET', '/api/app/feature?limit=1000');
    const offered = (features.body.data ?? []).map((f: ApiBody) => ({ code: String(f.code), privileges: (f.privileges as string[] | undefined) ?? [] }));
    expect(offered.length).toBeGreaterThan(GUARDED_ROUTES.length);
    const navigation = { feature: SITE_CONFIGURATION.code, privileges: [SITE_CONFIGURATION.showNavigation] };
    const mismatches: string[] = [];
    for (const [index, feature] of offered.entries()) {
      if (feature.code === SITE_CONFIGURATION.code) continue;
      const grants = [{ feature: feature.code, privileges: feature.privileges.length ? feature.privileges : ['VIEW', 'CREATE', 'UPDATE', 'DELETE'] }, navigation];
      const name = `MENU_${index}`;
      const role = await t.call(admin, 'POST', '/api/app/role', { name, features: grants });
      expect(role.status, JSON.stringify(role.body)).toBe(201);
      const email = `menu-${index}@demo.local`;
      const user = await t.call(admin, 'POST', '/api/app/subscriber-user', { name, email, password: 'Sample@2026', roles: [role.body._id] });
      expect(user.status, JSON.stringify(user.body)).toBe(201);
      const who = await t.signIn(email, 'Sample@2026');
      const [menu, expected] = await Promise.all([menuOf(who), openableScreens(who, grants, [name])]);
      if (JSON.stringify(menu) !== JSON.stringify(expected)) mismatches.push(`${feature.code}: menu ${JSON.stringify(menu)} but opens ${JSON.stringify(expected)}`);
    }
    expect(mismatches).toEqual([]);
  }, 300_000);
});
