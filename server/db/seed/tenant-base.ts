/**
 * What every subscriber starts with: the privilege records, one feature per screen code of the spec's
 * route table, the standard roles and the side menu. Used by the demo seed and when the operator
 * creates a subscriber.
 */
import { feature, privilege, role } from '../../../src/api/modules/admin';
import { PRIVILEGE_CODES } from '../../../src/api/modules/define';
import { catalogueFeatureCodes } from '../../../src/api/modules/index';
import { ALL_FEATURE_CODES, GUARDED_ROUTES, SITE_CONFIGURATION } from '../../../src/routes/table';
import type { Queryable } from '../pool';
import { repo } from '../repository';
import { defaultSideMenu } from './side-menu';

export type RoleName = 'ADMIN' | 'USER' | 'CLIENT' | 'OPERATOR';

type Grant = [code: string, privileges: readonly string[]];

const VIEW = ['VIEW'] as const;
const VIEW_CREATE = ['VIEW', 'CREATE'] as const;
const VIEW_UPDATE = ['VIEW', 'UPDATE'] as const;
const ALL = PRIVILEGE_CODES;
const NAVIGATION: Grant = [SITE_CONFIGURATION.code, [SITE_CONFIGURATION.showNavigation]];

/** Every screen code of the route table, plus the codes of catalogue modules that have no route of their own. */
export function tenantFeatureCodes(): string[] {
  return [...new Set([...ALL_FEATURE_CODES, ...catalogueFeatureCodes])];
}

const PRIVILEGE_NAMES: Record<string, string> = {
  VIEW: 'View',
  CREATE: 'Create',
  UPDATE: 'Update',
  DELETE: 'Delete',
  [SITE_CONFIGURATION.showNavigation]: 'Show Navigation',
};

/** Privileges a feature offers: the four operations, or the navigation switch for site configuration. */
export function featurePrivileges(code: string): readonly string[] {
  return code === SITE_CONFIGURATION.code ? [SITE_CONFIGURATION.showNavigation] : ALL;
}

function featureName(code: string): string {
  const route = GUARDED_ROUTES.find((r) => r.code === code);
  const words = (route?.path ?? code.toLowerCase())
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[-_\s]+/)
    .filter(Boolean);
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join(' ');
}

const ROLE_GRANTS: Record<RoleName, { description: string; grants: () => Grant[] }> = {
  ADMIN: {
    description: 'Subscriber administrator: every screen with every privilege',
    grants: () => tenantFeatureCodes().map((code) => [code, featurePrivileges(code)] as Grant),
  },
  USER: {
    description: 'Field engineer: own calls, calendar, spare-part requests and activity log',
    grants: () => [
      ['TICKET_ASSIGNED_TO_ME', VIEW_UPDATE],
      ['MY_OPEN_CALLS', VIEW_UPDATE],
      ['MY_URGENT_CALLS', VIEW_UPDATE],
      ['MY_CALENDER', VIEW],
      ['SPAREPART_REQUEST', VIEW_CREATE],
      ['FE_ACTIVITY', VIEW_CREATE],
      NAVIGATION,
    ],
  },
  CLIENT: {
    description: "Client company user: raises and follows the company's tickets",
    grants: () => [['CLIENT_TICKET', VIEW_CREATE], NAVIGATION],
  },
  OPERATOR: {
    description: 'Platform operator: subscribers and subscription requests',
    grants: () => [['MANAGE_SUBSCRIBER', ALL], ['SUBSCRIPTION_REQUESTS_LIST', ALL], NAVIGATION],
  },
};

/** Creates the tenant's base records; answers the role ids by name. */
export async function provisionTenant(db: Queryable, tenantId: string, roles: readonly RoleName[] = ['ADMIN', 'USER', 'CLIENT']): Promise<Record<RoleName, string>> {
  const privileges = repo(db, privilege, tenantId);
  for (const code of [...PRIVILEGE_CODES, SITE_CONFIGURATION.showNavigation]) {
    await privileges.create({ name: PRIVILEGE_NAMES[code] ?? code, code, description: `${PRIVILEGE_NAMES[code] ?? code} privilege` });
  }
  const features = repo(db, feature, tenantId);
  for (const code of tenantFeatureCodes()) {
    await features.create({ name: featureName(code), code, description: `Screen ${code}`, privileges: [...featurePrivileges(code)] });
  }
  const roleRepo = repo(db, role, tenantId);
  const ids = {} as Record<RoleName, string>;
  for (const name of roles) {
    const spec = ROLE_GRANTS[name];
    const created = await roleRepo.create({
      name,
      description: spec.description,
      features: spec.grants().map(([code, granted]) => ({ feature: code, privileges: [...granted] })),
    });
    ids[name] = created._id;
  }
  await db.query(
    `insert into side_menus (subscriber_id, items) values ($1, $2::jsonb)
     on conflict (subscriber_id) do update set items = excluded.items, updated_at = now()`,
    [tenantId, JSON.stringify(defaultSideMenu())],
  );
  return ids;
}
