/**
 * The demo data of a fresh install (README "Demo sign-ins"): the subscriber Demo Industries Pvt Ltd with
 * its four users, a second tenant (Acme) to try isolation by hand, and the client company the client
 * user belongs to. Passwords are the documented demo ones.
 */
import { role, subscriber, subscriberUser } from '../../src/contract/modules/admin';
import { SITE_CONFIGURATION } from '../../src/contract/routes';
import { catalogue } from '../../src/contract/modules/index';
import { hashPassword } from '../auth/passwords';
import type { BuiltInRoleName } from '../domain/admin/tenant-catalogue';
import { newId } from '../db/ids';
import { ensureModuleTables } from '../db/migrations';
import type { Queryable } from '../db/pool';
import { ALL_TENANTS, repo } from '../db/repository';
import { provisionTenant } from '../domain/admin/tenant-provisioning';

export const DEMO_GSTIN = '27AAACD1234F1Z5';

export interface DemoUser {
  key: string;
  name: string;
  email: string;
  password: string;
  role: BuiltInRoleName | DemoRoleName;
  userType: 'Subscriber-User' | 'Client-User' | 'Operator';
  designation: string;
  phone: string;
}

/**
 * Makers and checkers (issue 10): the demo's own roles, beside the built-in ones, to show that an approval
 * needs a second person. The clerk raises credit notes and records payments; the approver decides them.
 */
export type DemoRoleName = 'ACCOUNTS_CLERK' | 'ACCOUNTS_APPROVER' | 'STORES_CLERK' | 'PURCHASE_MANAGER' | 'QA';

const NAVIGATION = { feature: SITE_CONFIGURATION.code, privileges: [SITE_CONFIGURATION.showNavigation] };

export const DEMO_ROLES: Record<DemoRoleName, { description: string; features: Array<{ feature: string; privileges: string[] }> }> = {
  ACCOUNTS_CLERK: {
    description: 'Accounts clerk: raises credit notes and records payments, which someone else approves',
    features: [
      { feature: 'FINAL_INVOICE_LIST', privileges: ['VIEW'] },
      { feature: 'GENERATE_CREDIT_NOTE', privileges: ['VIEW', 'CREATE', 'UPDATE'] },
      { feature: 'PAYMENT', privileges: ['VIEW', 'CREATE'] },
      NAVIGATION,
    ],
  },
  ACCOUNTS_APPROVER: {
    description: 'Accounts approver: approves or rejects credit notes and payments',
    features: [
      { feature: 'FINAL_INVOICE_LIST', privileges: ['VIEW'] },
      { feature: 'MANAGE_CREDIT_NOTE', privileges: ['VIEW', 'UPDATE'] },
      { feature: 'PAYMENT', privileges: ['VIEW', 'UPDATE'] },
      NAVIGATION,
    ],
  },
  STORES_CLERK: {
    // The stores give out the parts (JOBS.md, stores 4): the engineers' spare-part requests are theirs to approve and
    // issue (UPDATE); one they raised themselves is still someone else's to approve (the request's maker–checker rule).
    description: 'Stores clerk: raises requisitions, which someone else reviews, and approves and issues the engineers’ spare-part requests',
    features: [
      { feature: 'MANAGE_REQUISITION', privileges: ['VIEW', 'CREATE', 'UPDATE'] },
      { feature: 'SPAREPART_REQUEST', privileges: ['VIEW', 'CREATE', 'UPDATE'] },
      { feature: 'MANAGE_SPARE_PART', privileges: ['VIEW'] },
      NAVIGATION,
    ],
  },
  PURCHASE_MANAGER: {
    description: 'Purchase manager: reviews requisitions, sends approved ones to purchase and manages purchase orders',
    features: [
      { feature: 'REVIEW_REQUISITION', privileges: ['VIEW', 'UPDATE'] },
      { feature: 'MANAGE_PO', privileges: ['VIEW', 'CREATE', 'UPDATE'] },
      { feature: 'MANAGE_SPARE_PART', privileges: ['VIEW'] },
      NAVIGATION,
    ],
  },
  QA: {
    description: "QA: explores the workflows' test paths",
    features: [{ feature: 'QA_PATHS', privileges: ['VIEW'] }, NAVIGATION],
  },
};

export const DEMO_USERS: readonly DemoUser[] = [
  { key: 'adminUser', name: 'Asha Kulkarni', email: 'admin@demo.local', password: 'Demo-Admin-2026', role: 'ADMIN', userType: 'Subscriber-User', designation: 'Operations Manager', phone: '+91 98220 11001' },
  { key: 'engineerUser', name: 'Ravi Patil', email: 'engineer@demo.local', password: 'Demo-Engineer-2026', role: 'USER', userType: 'Subscriber-User', designation: 'Field Service Engineer', phone: '+91 98220 11002' },
  { key: 'clientUser', name: 'Meera Shah', email: 'client@demo.local', password: 'Demo-Client-2026', role: 'CLIENT', userType: 'Client-User', designation: 'Maintenance Head, Sunrise Textiles', phone: '+91 98250 22003' },
  { key: 'operatorUser', name: 'Neha Joshi', email: 'operator@demo.local', password: 'Demo-Operator-2026', role: 'OPERATOR', userType: 'Operator', designation: 'Platform Operations', phone: '+91 98220 11004' },
  { key: 'clerkUser', name: 'Kiran Desai', email: 'clerk@demo.local', password: 'Demo-Clerk-2026', role: 'ACCOUNTS_CLERK', userType: 'Subscriber-User', designation: 'Accounts Executive', phone: '+91 98220 11005' },
  { key: 'approverUser', name: 'Farah Khan', email: 'approver@demo.local', password: 'Demo-Approver-2026', role: 'ACCOUNTS_APPROVER', userType: 'Subscriber-User', designation: 'Finance Controller', phone: '+91 98220 11006' },
  { key: 'storesUser', name: 'Sunil Jadhav', email: 'stores@demo.local', password: 'Demo-Stores-2026', role: 'STORES_CLERK', userType: 'Subscriber-User', designation: 'Stores Officer', phone: '+91 98220 11008' },
  { key: 'purchaseUser', name: 'Priya Nair', email: 'purchase@demo.local', password: 'Demo-Purchase-2026', role: 'PURCHASE_MANAGER', userType: 'Subscriber-User', designation: 'Purchase Manager', phone: '+91 98220 11009' },
  { key: 'qaUser', name: 'Ishaan Rao', email: 'qa@demo.local', password: 'Demo-Qa-2026', role: 'QA', userType: 'Subscriber-User', designation: 'QA Engineer', phone: '+91 98220 11007' },
];

export const ACME_ADMIN = { name: 'Arjun Menon', email: 'admin@acme.local', password: 'Acme-Admin-2026' } as const;

/** The client company of client@demo.local; kept in the `client` module's table (created ahead of the module if needed). */
const CLIENT_COMPANY = {
  companyName: 'Sunrise Textiles Pvt Ltd',
  gstNo: '24AAKCS4821M1Z3',
  email: 'accounts@sunrisetextiles.in',
  phone: '+91 79 2658 4400',
  address: 'Survey 112, Naroda GIDC',
  city: 'Ahmedabad',
  state: 'Gujarat',
  industry: 'Textiles',
  status: 'Active',
};

interface UserInput {
  tenantId: string;
  name: string;
  email: string;
  password: string;
  roleId: string;
  userType: string;
  designation: string;
  phone: string;
  clientId?: string;
  platformOperator?: boolean;
}

async function createUser(db: Queryable, input: UserInput): Promise<string> {
  const record = await repo(db, subscriberUser, input.tenantId).create({
    name: input.name,
    email: input.email,
    phone: input.phone,
    roles: [input.roleId],
    userType: input.userType,
    status: 'Active',
    designation: input.designation,
    ...(input.clientId ? { clientId: input.clientId } : {}),
  });
  await db.query('insert into credentials (user_id, subscriber_id, email, password_hash, platform_operator) values ($1, $2, $3, $4, $5)', [
    record._id,
    input.tenantId,
    input.email,
    await hashPassword(input.password),
    input.platformOperator ?? false,
  ]);
  return record._id;
}

async function createSubscriber(db: Queryable, body: Record<string, unknown>): Promise<string> {
  const id = newId();
  await repo(db, subscriber, ALL_TENANTS).create(body, { id });
  return id;
}

function roleIdOf<Name extends string>(roles: Partial<Record<Name, string>>, name: Name): string {
  const id = roles[name];
  if (!id) throw new Error(`Provisioning gave no ${name} role`);
  return id;
}

/**
 * Seeds both customer tenants, and the platform operator's account in the platform's own tenant (`platformTenant`,
 * made before: server/domain/admin/platform-tenant.ts); answers the ids handed to the demo record seeders.
 */
export async function seedDemoTenants(db: Queryable, platformTenant: string): Promise<Record<string, string>> {
  const ids: Record<string, string> = { platformTenant };
  ids.subscriber = await createSubscriber(db, {
    companyName: 'Demo Industries Pvt Ltd',
    gstNo: DEMO_GSTIN,
    address: 'Plot 14, MIDC Industrial Area, Bhosari, Pune, Maharashtra 411026',
    email: 'contact@demo.local',
    phone: '+91 20 4000 1234',
    companyTeamSize: 50,
    timezone: 'Asia/Kolkata',
    status: 'Active',
    headerImages: [{ url: '/logo.svg', name: 'logo.svg' }],
  });
  // A customer tenant: the demo's platform operator (operator@demo.local) works in the platform's own tenant.
  const roles = await provisionTenant(db, ids.subscriber, { platform: false });
  const operatorRole = (await repo(db, role, platformTenant).list()).data.find((r) => r.name === 'OPERATOR');
  if (operatorRole) roles.OPERATOR = operatorRole._id;
  for (const [name, id] of Object.entries(roles)) ids[`role${name}`] = id;
  const roleIds: Partial<Record<BuiltInRoleName | DemoRoleName, string>> = { ...roles };
  for (const [name, spec] of Object.entries(DEMO_ROLES) as Array<[DemoRoleName, (typeof DEMO_ROLES)[DemoRoleName]]>) {
    roleIds[name] = (await repo(db, role, ids.subscriber).create({ name, ...spec }))._id;
    ids[`role${name}`] = roleIds[name] as string;
  }

  const clientModule = catalogue.find((m) => m.name === 'client');
  let clientId: string;
  if (clientModule) {
    clientId = (await repo(db, clientModule, ids.subscriber).create(CLIENT_COMPANY))._id;
  } else {
    // The client module is not in the catalogue yet: keep the company in its future table.
    await ensureModuleTables(db, [{ name: 'client', unique: [] }]);
    clientId = newId();
    await db.query(`insert into m_client (_id, subscriber_id, body) values ($1, $2, $3::jsonb)`, [clientId, ids.subscriber, JSON.stringify(CLIENT_COMPANY)]);
  }
  ids.client = clientId;

  for (const user of DEMO_USERS) {
    ids[user.key] = await createUser(db, {
      tenantId: user.userType === 'Operator' ? platformTenant : ids.subscriber,
      name: user.name,
      email: user.email,
      password: user.password,
      roleId: roleIdOf(roleIds, user.role),
      userType: user.userType,
      designation: user.designation,
      phone: user.phone,
      clientId: user.userType === 'Client-User' ? clientId : undefined,
      platformOperator: user.userType === 'Operator',
    });
  }

  ids.acmeSubscriber = await createSubscriber(db, {
    companyName: 'Acme Facility Services LLP',
    gstNo: '29AAFCA5678K1Z2',
    address: '3rd Floor, Brigade Towers, Whitefield, Bengaluru, Karnataka 560066',
    email: 'hello@acme.local',
    phone: '+91 80 4100 2200',
    companyTeamSize: 20,
    timezone: 'Asia/Kolkata',
    status: 'Active',
    headerImages: [],
  });
  const acmeRoles = await provisionTenant(db, ids.acmeSubscriber, { platform: false });
  ids.acmeAdminUser = await createUser(db, {
    tenantId: ids.acmeSubscriber,
    name: ACME_ADMIN.name,
    email: ACME_ADMIN.email,
    password: ACME_ADMIN.password,
    roleId: roleIdOf(acmeRoles, 'ADMIN'),
    userType: 'Subscriber-User',
    designation: 'Facility Manager',
    phone: '+91 98450 33005',
  });
  return ids;
}
