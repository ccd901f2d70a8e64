/**
 * What the product offers a tenant, read from the catalogue: the privilege records, one feature per screen
 * code (route table and catalogue modules), the built-in roles with their grants, and the side menu. Tenant
 * provisioning and the boot-time reconcile both bring a tenant to this offer (tenant-reconcile.ts), so a
 * release that adds a module, a feature, a role or a menu entry reaches every existing tenant at its next start.
 *
 * Two kinds of tenant: the platform operator's (it hosts the `platform_operator` account) is offered the
 * platform-only features of the catalogue (`platformFeatures`) and the OPERATOR role; a customer tenant never is.
 */
import { createHash } from 'node:crypto';
import { PRIVILEGE_CODES } from '../../../src/contract/modules/define';
import { catalogueFeatureCodes, isPlatformFeature } from '../../../src/contract/modules/index';
import { BUILT_IN_ROLE_DESCRIPTIONS, featureDescription, featureName, PRIVILEGE_NAMES, type BuiltInRoleName } from '../../../src/contract/productTexts';
import { ALL_FEATURE_CODES, SITE_CONFIGURATION } from '../../../src/contract/routes';
import { defaultSideMenu, type MenuItem } from './side-menu';

export interface TenantKind {
  /** The platform operator's own tenant. */
  platform: boolean;
}

export type { BuiltInRoleName };

/** A feature code with the privilege codes granted inside it. */
export type Grant = readonly [code: string, privileges: readonly string[]];

export interface OfferedPrivilege {
  code: string;
  name: string;
}

export interface OfferedFeature {
  code: string;
  name: string;
  description: string;
  privileges: readonly string[];
}

export interface OfferedRole {
  name: BuiltInRoleName;
  description: string;
  grants: readonly Grant[];
}

export interface TenantOffer {
  privileges: readonly OfferedPrivilege[];
  features: readonly OfferedFeature[];
  roles: readonly OfferedRole[];
  menu: readonly MenuItem[];
  /** Changes whenever anything above changes: a tenant already brought up to it is skipped at start. */
  fingerprint: string;
}

const VIEW = ['VIEW'] as const;
const VIEW_CREATE = ['VIEW', 'CREATE'] as const;
const VIEW_UPDATE = ['VIEW', 'UPDATE'] as const;
const ALL = PRIVILEGE_CODES;
const NAVIGATION: Grant = [SITE_CONFIGURATION.code, [SITE_CONFIGURATION.showNavigation]];


/** Every screen code of the route table, plus the codes of catalogue modules that have no route of their own. */
function productFeatureCodes(): string[] {
  return [...new Set([...ALL_FEATURE_CODES, ...catalogueFeatureCodes])];
}

/** Privileges a feature offers: the four operations, or the navigation switch for site configuration. */
export function featurePrivileges(code: string): readonly string[] {
  return code === SITE_CONFIGURATION.code ? [SITE_CONFIGURATION.showNavigation] : ALL;
}


interface BuiltInRole {
  name: BuiltInRoleName;
  description: string;
  /** Offered only in the platform operator's tenant. */
  platformOnly?: true;
  grants: (features: readonly string[]) => Grant[];
}

/**
 * The roles the product defines. A new role or grant here reaches every tenant at its next start; a grant an
 * administrator took away stays away (the reconcile remembers what it delivered).
 */
const BUILT_IN_ROLES: readonly BuiltInRole[] = [
  {
    name: 'ADMIN',
    description: BUILT_IN_ROLE_DESCRIPTIONS.ADMIN,
    grants: (features) => features.map((code) => [code, featurePrivileges(code)] as const),
  },
  {
    name: 'USER',
    description: BUILT_IN_ROLE_DESCRIPTIONS.USER,
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
  {
    name: 'CLIENT',
    description: BUILT_IN_ROLE_DESCRIPTIONS.CLIENT,
    grants: () => [['CLIENT_TICKET', VIEW_CREATE], NAVIGATION],
  },
  {
    name: 'OPERATOR',
    description: BUILT_IN_ROLE_DESCRIPTIONS.OPERATOR,
    platformOnly: true,
    // The platform's tenant is the operator's to run (issue 35): its staff accounts and their roles too.
    grants: () => [['MANAGE_SUBSCRIBER', ALL], ['SUBSCRIPTION_REQUESTS_LIST', ALL], ['MANAGE_USER', ALL], ['MANAGE_ROLE', ALL], NAVIGATION],
  },
];

/**
 * The roles every tenant provisioned before the reconcile existed was given (the platform tenant also had
 * OPERATOR): when such a tenant lacks one, a person deleted it, and the reconcile does not bring it back.
 */
export const ORIGINAL_ROLES: readonly BuiltInRoleName[] = ['ADMIN', 'USER', 'CLIENT', 'OPERATOR'];

/**
 * Bump when the reconcile's rules change in a way that must revisit tenants whose offer did not change.
 * It is part of the fingerprint.
 */
const RECONCILE_RULES = 1;

const offers = new Map<boolean, TenantOffer>();

/** The offer for a kind of tenant (computed once per process: the catalogue does not change while it runs). */
export function tenantOffer(kind: TenantKind): TenantOffer {
  const cached = offers.get(kind.platform);
  if (cached) return cached;
  const codes = productFeatureCodes().filter((code) => kind.platform || !isPlatformFeature(code));
  const privileges = [...PRIVILEGE_CODES, SITE_CONFIGURATION.showNavigation].map((code) => ({ code, name: PRIVILEGE_NAMES[code] ?? code }));
  const features = codes.map((code) => ({ code, name: featureName(code), description: featureDescription(code), privileges: featurePrivileges(code) }));
  const roles = BUILT_IN_ROLES.filter((r) => kind.platform || !r.platformOnly).map((r) => ({
    name: r.name,
    description: r.description,
    // A role's grants never reach outside the tenant's features (a customer tenant has no platform features).
    grants: r.grants(codes).filter(([code]) => codes.includes(code)),
  }));
  const menu = defaultSideMenu(kind);
  const fingerprint = createHash('sha256')
    .update(JSON.stringify({ RECONCILE_RULES, platform: kind.platform, privileges, features, roles, menu }))
    .digest('hex')
    .slice(0, 16);
  const offer: TenantOffer = { privileges, features, roles, menu, fingerprint };
  offers.set(kind.platform, offer);
  return offer;
}
