/**
 * The roles a tester signs in as to take a path's steps (issue 37), most specific first: the demo's makers and
 * checkers (server/seed/demo-tenant.ts, held equal to this table by tests/unit/paths.test.ts), the platform
 * operator, and last the tenant's administrator, who holds every privilege of the tenant. A step is taken by the
 * first role whose privileges pass its guard (./actors.ts), so an approval is the approver's, not the
 * administrator's.
 */
export interface TesterRole {
  /** The role's code, as the demo's users carry it. */
  role: string;
  /** What a person calls someone in it ("accounts approver"). */
  words: string;
  /** Feature (screen code) → privileges held. */
  permissions: Readonly<Record<string, readonly string[]>>;
}

const ALL = ['VIEW', 'CREATE', 'UPDATE', 'DELETE'] as const;
const NAVIGATION = { SITE_CONFIGURATION: ['SHOW_NAVIGATION'] } as const;
/** The platform's own screens: the operator's, never a tenant administrator's. */
const PLATFORM_FEATURES: ReadonlySet<string> = new Set(['MANAGE_SUBSCRIBER', 'SUBSCRIPTION_REQUESTS_LIST']);

/** Every privilege of every tenant feature, read feature by feature as the guards read them. */
const everyTenantPrivilege: Readonly<Record<string, readonly string[]>> = new Proxy({}, { get: (_target, feature) => (typeof feature === 'string' && !PLATFORM_FEATURES.has(feature) ? ALL : undefined) });

export const TESTER_ROLES: readonly TesterRole[] = [
  { role: 'ACCOUNTS_CLERK', words: 'accounts clerk', permissions: { FINAL_INVOICE_LIST: ['VIEW'], GENERATE_CREDIT_NOTE: ['VIEW', 'CREATE', 'UPDATE'], PAYMENT: ['VIEW', 'CREATE'], ...NAVIGATION } },
  { role: 'ACCOUNTS_APPROVER', words: 'accounts approver', permissions: { FINAL_INVOICE_LIST: ['VIEW'], MANAGE_CREDIT_NOTE: ['VIEW', 'UPDATE'], PAYMENT: ['VIEW', 'UPDATE'], ...NAVIGATION } },
  { role: 'STORES_CLERK', words: 'stores clerk', permissions: { MANAGE_REQUISITION: ['VIEW', 'CREATE', 'UPDATE'], SPAREPART_REQUEST: ['VIEW', 'CREATE', 'UPDATE'], MANAGE_SPARE_PART: ['VIEW'], ...NAVIGATION } },
  { role: 'PURCHASE_MANAGER', words: 'purchase manager', permissions: { REVIEW_REQUISITION: ['VIEW', 'UPDATE'], MANAGE_PO: ['VIEW', 'CREATE', 'UPDATE'], MANAGE_SPARE_PART: ['VIEW'], ...NAVIGATION } },
  { role: 'OPERATOR', words: 'platform operator', permissions: { MANAGE_SUBSCRIBER: ALL, SUBSCRIPTION_REQUESTS_LIST: ALL, ...NAVIGATION } },
  { role: 'ADMIN', words: 'administrator', permissions: everyTenantPrivilege },
];

export function testerRole(role: string): TesterRole | undefined {
  return TESTER_ROLES.find((r) => r.role === role);
}
