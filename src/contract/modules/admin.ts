/** Administration modules: users, roles, features, privileges, subscribers (document 2 §7 "Users, roles, …"). */
import { z } from 'zod';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../zonedTime';
import { defineModule } from './define';
import { GSTIN_PATTERN } from './patterns';
import { idParams, listOf, storedRecord } from './replies';
import { updateSchemaOf } from './updateSchema';
import { says } from '../validationMessages';

const id = z.string().min(1);

export const USER_TYPES = ['Subscriber-User', 'Client-User', 'Operator'] as const;
/** The platform operator's user type: the one who makes subscribers and reaches every tenant. */
export const OPERATOR_USER_TYPE: (typeof USER_TYPES)[number] = 'Operator';

const subscriberUserFields = z.object({
  name: z.string().trim().min(1, says('required', { label: 'Name' })).max(120),
  email: z.email(says('notValid', { label: 'Email' })).transform((e) => e.toLowerCase()),
  /** Write-only: moved by the server into the credentials table, never stored in the record. */
  password: z.string().optional(),
  phone: z.string().trim().max(20).optional(),
  /** _ids of roles; a user may hold several (document 1 §3). */
  roles: z.array(id).default([]),
  userType: z.enum(USER_TYPES).default('Subscriber-User'),
  /** For Client-User: the _id of the client company. */
  clientId: z.string().optional(),
  status: z.enum(['Active', 'Inactive']).default('Active'),
  designation: z.string().trim().max(80).optional(),
});

/** GET get-users-by-role?role=…: one role or several, by _id or by name. */
const usersByRoleQuery = z.object({ role: z.union([z.string().min(1, says('required', { label: 'Role' })), z.array(z.string().min(1)).min(1)]) });
const usersForRolesBody = z.object({ roles: z.array(z.string().min(1)).min(1, says('selectRole')) });
export type UsersForRolesBody = z.infer<typeof usersForRolesBody>;

export const subscriberUser = defineModule({
  name: 'subscriber-user',
  label: 'Manage User',
  record: 'user',
  area: 'admin',
  path: '/api/app/subscriber-user',
  feature: 'MANAGE_USER',
  fields: subscriberUserFields,
  unique: ['email'],
  hidden: ['password'],
  example: { name: 'Ravi Kumar', email: 'ravi.kumar@example.in', password: 'Field@2026', roles: [], userType: 'Subscriber-User' },
  references: { roles: 'role', clientId: 'client' },
  columns: ['name', 'email', 'roles', 'userType', 'status'],
  messages: {
    list: 'Failed to get list of users',
    create: 'Failed to create User',
    update: 'Failed to update User',
    remove: 'Failed to Delete user',
    getById: 'Failed to get users details',
    duplicate: 'Email Already In use.',
  },
  calls: [
    // A partial user (a password in it is an administrator's reset); reply the user.
    {
      name: 'updateUser',
      method: 'POST',
      path: '/update-user/:id',
      privilege: 'UPDATE',
      kind: 'custom',
      message: 'Failed to update User',
      cache: 'merge',
      params: idParams,
      body: updateSchemaOf(subscriberUserFields),
      reply: storedRecord,
    },
    // The users holding any of the roles (given by _id or by name), as a list reply.
    {
      name: 'getUsersByRole',
      method: 'GET',
      path: '/get-users-by-role',
      privilege: 'VIEW',
      kind: 'custom',
      message: 'Failed to get list of users',
      querystring: usersByRoleQuery,
      reply: listOf(storedRecord),
    },
    {
      name: 'getUsersForMultiRole',
      method: 'PATCH',
      path: '/get-users-for-multi-role',
      privilege: 'VIEW',
      kind: 'custom',
      message: 'Failed to get list of users',
      body: usersForRolesBody,
      reply: listOf(storedRecord),
    },
  ],
});

/** A feature granted to a role, with the privilege codes the role holds inside it. */
export const roleFeature = z.object({
  feature: z.string().min(1, says('required', { label: 'Feature' })),
  privileges: z.array(z.string().min(1)).default([]),
});

/** POST update-role/{id}: add features (refused when the role holds one already) or remove them; reply the role. */
const updateRoleBody = z.object({
  id: z.string().optional(),
  features: z.array(roleFeature).min(1, says('selectFeature')),
  action: z.enum(['add', 'remove']).default('add'),
});
export type UpdateRoleBody = z.infer<typeof updateRoleBody>;

export const role = defineModule({
  name: 'role',
  label: 'Manage Role',
  record: 'role',
  area: 'admin',
  path: '/api/app/role',
  feature: 'MANAGE_ROLE',
  fields: z.object({
    name: z.string().trim().min(1, says('required', { label: 'Role name' })).max(60),
    description: z.string().trim().max(300).optional(),
    features: z.array(roleFeature).default([]),
  }),
  unique: ['name'],
  insertAt: 'end',
  example: { name: 'SUPERVISOR', description: 'Shift supervisors', features: [{ feature: 'TICKET_LIST', privileges: ['VIEW'] }] },
  columns: ['name', 'description', 'features'],
  messages: {
    list: 'Failed to get list of roles',
    create: 'Failed to create Role',
    update: 'Failed to get update Role',
    remove: 'Failed to Delete Role',
    getById: 'Failed to get role details',
    duplicate: 'Role Name Already In use.',
  },
  calls: [
    {
      name: 'updateRole',
      method: 'POST',
      path: '/update-role/:id',
      privilege: 'UPDATE',
      kind: 'custom',
      message: 'Please delete existing Feature and then add same Feature with updated Privilege',
      cache: 'merge',
      params: idParams,
      body: updateRoleBody,
      reply: storedRecord,
    },
  ],
});

export const feature = defineModule({
  name: 'feature',
  label: 'Manage Feature',
  record: 'feature',
  area: 'admin',
  path: '/api/app/feature',
  feature: 'MANAGE_FEATURE',
  fields: z.object({
    name: z.string().trim().min(1, says('required', { label: 'Feature name' })).max(80),
    code: z.string().trim().min(1, says('required', { label: 'Feature code' })).max(60),
    description: z.string().trim().max(300).optional(),
    /** Privilege codes this feature offers (VIEW, CREATE, …). */
    privileges: z.array(z.string().min(1)).default([]),
  }),
  unique: ['code'],
  example: { name: 'Energy Reports', code: 'ENERGY_REPORTS', privileges: ['VIEW'] },
  columns: ['name', 'code', 'privileges'],
  messages: {
    list: 'Failed to get list of Features',
    create: 'Failed to create Feature',
    update: 'Failed to update Feature',
    remove: 'Failed to Delete Feature',
    getById: 'Failed to get Feature details',
    duplicate: 'Feature Code Already In use.',
  },
});

export const privilege = defineModule({
  name: 'privilege',
  label: 'Manage Privilege',
  record: 'privilege',
  area: 'admin',
  path: '/api/app/privilege',
  feature: 'MANAGE_PRIVILEGES',
  fields: z.object({
    name: z.string().trim().min(1, says('required', { label: 'Privilege name' })).max(80),
    code: z.string().trim().min(1, says('required', { label: 'Privilege code' })).max(60),
    description: z.string().trim().max(300).optional(),
  }),
  unique: ['code'],
  example: { name: 'Export', code: 'EXPORT', description: 'May export lists as CSV' },
  columns: ['name', 'code', 'description'],
  messages: {
    list: 'Failed to get list of Privilege',
    create: 'Failed to create Privilege',
    update: 'Failed to update Privilege',
    remove: 'Failed to Delete Privilege',
    getById: 'Failed to get Privilege details',
  },
});

export { GSTIN_PATTERN };

/** Subscribers are platform rows: only the operator's /api/saas calls reach them, across tenants. */
export const subscriber = defineModule({
  name: 'subscriber',
  label: 'Manage Subscriber',
  record: 'subscriber',
  area: 'admin',
  path: '/api/saas/subscriber',
  feature: 'MANAGE_SUBSCRIBER',
  crossTenant: true,
  ops: ['list', 'create', 'update', 'getById'],
  fields: z.object({
    companyName: z.string().trim().min(1, says('required', { label: 'Company Name' })).max(160),
    gstNo: z.string().trim().regex(GSTIN_PATTERN, says('notValid', { label: 'GST Number' })),
    address: z.string().trim().max(400).optional(),
    email: z.email(says('notValid', { label: 'Email' })).optional(),
    phone: z.string().trim().max(20).optional(),
    companyTeamSize: z.coerce.number().int().min(1).optional(),
    // Every time of the subscriber's people is shown and entered in this zone (issue 31, item 4: src/contract/zonedTime.ts).
    timezone: z.string().trim().refine(isTimeZone, says('timeZone')).default(DEFAULT_TIME_ZONE),
    status: z.enum(['Active', 'Suspended']).default('Active'),
    headerImages: z.array(z.object({ url: z.string(), name: z.string() })).default([]),
  }),
  unique: ['gstNo'],
  fixedMessages: ['list'],
  example: { companyName: 'Sahyadri Engineering Works', gstNo: '27AABCS1429B1Z1', address: 'Pune, Maharashtra 411019, India' },
  columns: ['companyName', 'gstNo', 'email', 'status'],
  messages: {
    list: 'Failed to get list of Subscribers',
    create: 'Failed to create Subscriber',
    update: 'Failed to update Subscriber',
    remove: 'Failed to delete Subscriber',
    getById: 'Failed to get Subscriber details',
    duplicate: 'GST Number Already In use.',
  },
});

export const adminModules = [subscriberUser, role, feature, privilege, subscriber] as const;
