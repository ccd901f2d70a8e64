/**
 * Per test file: a fresh database cloned from the run's seeded template, an app built on it (driven with
 * `inject`), captured realtime events, and sign-in helpers for the seeded users.
 *
 * Every successful answer of a custom call of the catalogue, in any test, is parsed with that call's reply
 * schema (src/contract/modules, `reply`), and so is every answer of an endpoint declared outside the catalogue
 * (src/contract/endpoints.ts: the dashboards', the machine and sensor dashboards', the public proposal page's, the lifecycle calls): an answer that drifts from its schema is turned into a 500 naming the
 * call and the issues, and `call` throws with them, so the test that made the call fails.
 *
 *   const t = await testDb();
 *   afterAll(() => t.close());
 *   const admin = await t.signIn('admin@demo.local');
 *   const res = await t.call(admin, 'GET', '/api/app/role');
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import type { z } from 'zod';
import { accountEndpoints, authEndpoints } from '../../src/contract/authShapes';
import { dashboardEndpoints } from '../../src/contract/dashboardShapes';
import type { Endpoint } from '../../src/contract/endpoints';
import { lifecycleEndpoints } from '../../src/contract/lifecycleShapes';
import { machineDashboardEndpoints } from '../../src/contract/machineShapes';
import { lifecycleOf } from '../../src/machines/lifecycles/index';
import { platformTextEndpoints, publicProposalEndpoints, publicSubscriptionEndpoints } from '../../src/contract/publicShapes';
import { sensorDashboardEndpoints } from '../../src/contract/sensorShapes';
import { callPath, catalogue } from '../../src/contract/modules/index';
import { buildApp } from '../../server/app';
import { approvalCallReplies } from '../../server/http/approval-routes';
import type { SignedInPageRenderer } from '../../server/http/signed-in-page';
import { DEFAULT_HEAVY_CALL_LIMITS, DEFAULT_LOGIN_LIMITS, type Config } from '../../server/config';
import { createPool, type Db } from '../../server/db/pool';
import { ACME_ADMIN, DEMO_USERS } from '../../server/seed/demo-tenant';
import { createHub, type HubMessage, type RecordChanged, type RealtimeHub } from '../../server/realtime/hub';

export const PASSWORDS: Readonly<Record<string, string>> = Object.fromEntries([...DEMO_USERS.map((u) => [u.email, u.password]), [ACME_ADMIN.email, ACME_ADMIN.password]]);

export interface SignedIn {
  token: string;
  user: {
    _id: string;
    name: string;
    email: string;
    roles: Array<{ _id: string; name: string }>;
    userType: string;
    subscriberId: string;
    client?: { _id: string; companyName: string };
    eSign?: string;
  };
  timezone: string;
}

/** The shapes API answers take: an error, a list, a record, or a plain array (permissions, menu). */
export interface ApiBody {
  message?: string;
  code?: number;
  keyValue?: Record<string, unknown>;
  data?: Array<Record<string, unknown>>;
  total?: number;
  _id?: string;
  [field: string]: unknown;
}

export interface Reply<T = ApiBody> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface TestDb {
  app: FastifyInstance;
  /** The app's pool, as the least-privilege app role (server/db/app-role.ts), like the server's. */
  db: Db;
  /** A pool as the schema's owner, for a test that changes the schema as a migration would; opened on first use. */
  ownerDb(): Db;
  hub: RealtimeHub;
  dbName: string;
  config: Config;
  /** record.changed events announced so far, with their tenant. */
  events: Array<{ tenantId: string; event: RecordChanged }>;
  /** Successful custom-call answers that did not match their catalogue reply schema (see the top of this file). */
  replyDrifts: string[];
  signIn(email: string, password?: string): Promise<SignedIn>;
  /** A request as a signed-in user (or anonymous with `null`); JSON bodies, parsed JSON replies. */
  call<T = ApiBody>(who: SignedIn | string | null, method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<Reply<T>>;
  close(): Promise<void>;
}

/**
 * Every custom call of the catalogue by `METHOD route` (the route as the server mounts it): its name and reply schema;
 * with the app-level calls beyond the catalogue that declare one (server/http/approval-routes.ts).
 */
export const customCallReplies: ReadonlyMap<string, { key: string; reply: z.ZodType }> = new Map([
  ...catalogue.flatMap((def) =>
    (def.calls ?? []).flatMap((call) => (call.kind === 'custom' ? [[`${call.method} ${callPath(def, call)}`, { key: `${def.name}.${call.name}`, reply: call.reply }] as const] : [])),
  ),
  ...approvalCallReplies.map(({ route, key, reply }) => [route, { key, reply }] as const),
]);

/** The endpoints declared outside the catalogue, by family (src/contract/endpoints.ts). */
const endpointFamilies: Readonly<Record<string, Readonly<Record<string, Endpoint>>>> = {
  auth: authEndpoints,
  account: accountEndpoints,
  dashboards: dashboardEndpoints,
  machineDashboard: machineDashboardEndpoints,
  sensorDashboard: sensorDashboardEndpoints,
  publicProposal: publicProposalEndpoints,
  publicSubscription: publicSubscriptionEndpoints,
  platformTexts: platformTextEndpoints,
  // Every module with a lifecycle: its transition and history calls.
  ...Object.fromEntries(catalogue.filter((def) => lifecycleOf(def.name)).map((def) => [`${def.name}.lifecycle`, lifecycleEndpoints(def.path)])),
};

/** Every endpoint declared outside the catalogue by `METHOD route`: its name and reply schema. */
export const endpointReplies: ReadonlyMap<string, { key: string; reply: z.ZodType }> = new Map(
  Object.entries(endpointFamilies).flatMap(([family, endpoints]) =>
    Object.entries(endpoints).map(([name, endpoint]) => [`${endpoint.method} ${endpoint.path}`, { key: `${family}.${name}`, reply: endpoint.reply }] as const),
  ),
);

/** Why a custom call's successful answer (JSON text) is not what its reply schema says, or undefined when it is. */
export function replyDrift(reply: z.ZodType, payload: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return 'the answer is not JSON';
  }
  const parsed = reply.safeParse(body);
  if (parsed.success) return undefined;
  return parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}

/**
 * Parses every successful answer of a custom call or a declared endpoint of `app` with its reply schema; a drift
 * becomes a 500 and is recorded.
 */
function checkCustomCallReplies(app: FastifyInstance, drifts: string[]): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    const call = customCallReplies.get(route) ?? endpointReplies.get(route);
    if (!call || reply.statusCode < 200 || reply.statusCode >= 300 || typeof payload !== 'string') return payload;
    const drift = replyDrift(call.reply, payload);
    if (!drift) return payload;
    const message = `The answer of ${call.key} (${request.method} ${request.url}) drifts from its reply schema: ${drift}`;
    drifts.push(message);
    reply.code(500);
    return JSON.stringify({ message });
  });
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: os.tmpdir(),
    publicUrl: 'http://localhost:3000',
    embeddedPgPort: 0,
    distDir: '/nonexistent-dist-for-tests',
    rendererFile: '/nonexistent-renderer-for-tests.js',
    trustProxy: false,
    logRequests: false,
    einvoice: { provider: 'sandbox' },
    loginLimits: DEFAULT_LOGIN_LIMITS,
    heavyCallLimits: DEFAULT_HEAVY_CALL_LIMITS,
    schedulerTakeoverMs: 15_000,
    sessionTtlMs: 3_600_000,
    mailFrom: 'FieldOps Tests <tests@fieldops.local>',
    ...overrides,
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = '/' + database;
  return parsed.toString();
}

export async function cloneTemplate(adminUrl: string, template: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database ${client.escapeIdentifier(name)} template ${client.escapeIdentifier(template)}`);
        return;
      } catch (error) {
        // 55006: another clone is reading the template right now; wait and retry.
        if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  } finally {
    await client.end();
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`);
  } finally {
    await client.end();
  }
}

export async function testDb(options: { config?: Partial<Config>; signedInPageRenderer?: SignedInPageRenderer } = {}): Promise<TestDb> {
  const adminUrl = inject('pgAdminUrl');
  const dbName = `${inject('pgRunPrefix')}${randomBytes(4).toString('hex')}`;
  await cloneTemplate(adminUrl, inject('pgTemplate'), dbName);
  const db = createPool(withDatabase(inject('pgAppUrl'), dbName), 5);
  let owner: Db | undefined;
  const hub = createHub();
  const events: TestDb['events'] = [];
  hub.subscribe((message: HubMessage) => {
    if (message.type === 'record.changed') events.push({ tenantId: message.tenantId, event: message.event });
  });
  const config = testConfig(options.config);
  const app = await buildApp({ db, config, logger: false, hub, signedInPageRenderer: options.signedInPageRenderer });
  const replyDrifts: string[] = [];
  checkCustomCallReplies(app, replyDrifts);

  const call: TestDb['call'] = async (who, method, url, body, headers = {}) => {
    const token = typeof who === 'string' ? who : who?.token;
    const driftsBefore = replyDrifts.length;
    const response = await app.inject({
      method: method as 'GET',
      url,
      headers: { ...(token ? { token } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    if (replyDrifts.length > driftsBefore) throw new Error(replyDrifts.slice(driftsBefore).join('\n'));
    let parsed: unknown = response.body;
    try {
      parsed = response.body ? JSON.parse(response.body) : undefined;
    } catch {
      // Not JSON (HTML docs page): keep the text.
    }
    return { status: response.statusCode, body: parsed as never, headers: response.headers };
  };

  return {
    app,
    db,
    ownerDb: () => (owner ??= createPool(withDatabase(adminUrl, dbName), 2)),
    hub,
    dbName,
    config,
    events,
    replyDrifts,
    call,
    async signIn(email, password) {
      const reply = await call<SignedIn>(null, 'POST', '/api/auth/login', { email, password: password ?? PASSWORDS[email] });
      if (reply.status !== 200) throw new Error(`sign-in of ${email} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
      return reply.body;
    },
    async close() {
      await app.close();
      await db.end();
      await owner?.end();
      await dropDatabase(adminUrl, dbName).catch(() => undefined);
    },
  };
}
