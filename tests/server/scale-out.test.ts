/**
 * Issue 36: two real app processes (the compiled server) on one database, as behind a load balancer. It runs in every
 * run of the suite on the suite's own PostgreSQL server (the embedded test cluster, or the machine's server when
 * the suite runs with DATABASE_URL): both processes get DATABASE_URL pointing at one database cloned for this file.
 *
 * - a socket connected to process A hears of a change made through process B within a second; a socket of another
 *   tenant, and one of a person who may not read that module, hear nothing;
 * - five wrong passwords spread over both processes count as five, not ten;
 * - twenty plans falling due while both processes start raise one ticket each, and only the process holding the
 *   scheduler lock runs the passes; killed, the other takes over and runs them.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { tableName } from '../../src/contract/modules/define';
import { preventiveMaintenance, svcTicket } from '../../src/contract/modules/service';
import { APPLICATION_NAME_PREFIX } from '../../server/db/leader-lock';
import { LIVE_UPDATES_APPLICATION_NAME } from '../../server/realtime/cluster-adapter';
import { buildServerBundle, type ServerBundle } from '../helpers/server-bundle';
import { api, exited, freePort, startServer, until, type ServerProcess } from '../helpers/server-process';
import { cloneTemplate, dropDatabase, PASSWORDS, withDatabase } from '../helpers/test-db';

const adminUrl = inject('pgAdminUrl');
const dbName = `${inject('pgRunPrefix')}scale_${randomBytes(4).toString('hex')}`;
const PLANS = tableName(preventiveMaintenance);
const TICKETS = tableName(svcTicket);
const EXTRA_PLANS = 20;

let bundle: ServerBundle | undefined;
let servers: ServerProcess[] = [];
let db: pg.Pool;
const sockets: Socket[] = [];

beforeAll(async () => {
  await cloneTemplate(adminUrl, inject('pgTemplate'), dbName);
  db = new pg.Pool({ connectionString: withDatabase(adminUrl, dbName), max: 2 });
  // Twenty more plans overdue (copies of the seeded overdue one), so that the first pass has work to race over.
  await db.query(
    `insert into ${PLANS} (_id, subscriber_id, body)
     select 'scale-plan-' || g, subscriber_id, body || jsonb_build_object('title', 'Scale-out plan ' || g, 'alternateId', 'PM-SCALE-' || g)
     from ${PLANS}, generate_series(1, ${EXTRA_PLANS}) g where body->>'title' = 'Compressor 2000-hour service (CP-02)'`,
  );
  bundle = await buildServerBundle();
  const url = withDatabase(adminUrl, dbName);
  // Started together: both run the start-up (migrations, reconcile, seed) and contend for the scheduler lock at once.
  const env = { SCHEDULER_TAKEOVER_MS: '500' };
  const [portA, portB] = [await freePort(), await freePort()];
  servers = await Promise.all([startServer({ httpPort: portA, databaseUrl: url, entry: bundle.entry, env }), startServer({ httpPort: portB, databaseUrl: url, entry: bundle.entry, env })]);
  // Both adapters listen before any test writes (their LISTEN is sent right after the start line, at the latest).
  await until('both processes listen for live updates', async () => {
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = $2 and query ilike 'LISTEN%'`, [dbName, LIVE_UPDATES_APPLICATION_NAME]);
    return rows[0]?.n === 2;
  }, 15_000);
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const server of servers) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await exited(server.child);
    }
  }
  await db?.end();
  await dropDatabase(adminUrl, dbName);
  bundle?.remove();
}, 60_000);

const [a, b] = [() => servers[0] as ServerProcess, () => servers[1] as ServerProcess];

async function signIn(server: ServerProcess, email: string): Promise<{ token: string; tenantId: string }> {
  const res = await api(server.httpPort, 'POST', '/api/auth/login', { email, password: PASSWORDS[email] });
  expect(res.status).toBe(200);
  return { token: res.json.token as string, tenantId: (res.json.user as { subscriberId: string }).subscriberId };
}

/** A socket on `server` that joined its tenant's rooms, and the record.changed events it hears. */
async function listen(server: ServerProcess, who: { token: string; tenantId: string }): Promise<{ socket: Socket; heard: Array<{ module: string; _id: string; at: number }> }> {
  const socket = connect(`http://127.0.0.1:${server.httpPort}`, { path: '/socket.io', auth: { token: who.token }, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  const heard: Array<{ module: string; _id: string; at: number }> = [];
  socket.on('record.changed', (event: { module: string; _id: string }) => heard.push({ ...event, at: Date.now() }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const joined = (await socket.timeout(5_000).emitWithAck('addUser', who.tenantId)) as { ok: boolean };
  expect(joined.ok).toBe(true);
  return { socket, heard };
}

/** The pid in the application_name of the connection holding the scheduler lock, if any. */
async function schedulerPid(): Promise<number | undefined> {
  const { rows } = await db.query<{ application_name: string }>(
    `select a.application_name from pg_locks l join pg_stat_activity a on a.pid = l.pid
     where l.locktype = 'advisory' and l.granted and a.datname = $1 and a.application_name like $2`,
    [dbName, `${APPLICATION_NAME_PREFIX}%`],
  );
  expect(rows.length).toBeLessThanOrEqual(1);
  const match = /pid (\d+)/.exec(rows[0]?.application_name ?? '');
  return match ? Number(match[1]) : undefined;
}

/** Tickets raised per plan occurrence, and the occurrences claimed, for the plans whose id starts with `prefix`. */
async function raised(prefix: string): Promise<{ claimed: number; ticketsPerOccurrence: number[] }> {
  const claims = await db.query<{ n: number }>(`select count(*)::int as n from maintenance_occurrences where plan_id like $1 and ticket_id is not null`, [`${prefix}%`]);
  const tickets = await db.query<{ n: number }>(
    `select count(*)::int as n from ${TICKETS} where body->>'planId' like $1 group by body->>'planId', body->>'occurrenceNo' order by 1`,
    [`${prefix}%`],
  );
  return { claimed: claims.rows[0]?.n ?? 0, ticketsPerOccurrence: tickets.rows.map((row) => row.n) };
}

describe('two app processes on one database', { timeout: 60_000 }, () => {
  it('a socket on process A hears of a change made through process B within a second; another tenant and a person who may not read that module hear nothing', async () => {
    const admin = await signIn(a(), 'admin@demo.local');
    const listener = await listen(a(), admin);
    const client = await listen(a(), await signIn(a(), 'client@demo.local'));
    const acme = await listen(a(), await signIn(a(), 'admin@acme.local'));
    // The reader on B as well, to show the writer's own process still hears it.
    const nearby = await listen(b(), await signIn(b(), 'admin@demo.local'));

    const writer = await signIn(b(), 'admin@demo.local');
    const sentAt = Date.now();
    const created = await api(b().httpPort, 'POST', '/api/app/privilege', { name: 'Scale-out probe', code: 'SCALE_OUT_PROBE' }, writer.token);
    expect(created.status).toBe(201);
    const id = created.json._id as string;
    await until('the socket on process A hears of the write through B', () => listener.heard.some((e) => e._id === id), 1_000);
    const heardAt = listener.heard.find((e) => e._id === id)?.at as number;
    expect(heardAt - sentAt).toBeLessThan(1_000);
    expect(listener.heard.find((e) => e._id === id)).toMatchObject({ module: 'privilege', _id: id });
    await until('the socket on process B hears of it too', () => nearby.heard.some((e) => e._id === id), 1_000);
    // Give a stray event as long again to arrive as the right one took.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(client.heard).toEqual([]);
    expect(acme.heard).toEqual([]);
  });

  it('a sign-out through process B closes the socket of that session on process A', async () => {
    const engineer = await signIn(b(), 'engineer@demo.local');
    const { socket } = await listen(a(), engineer);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect((await api(b().httpPort, 'POST', '/api/auth/logout', undefined, engineer.token)).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });

  it('five wrong passwords spread over both processes count as five, not ten', async () => {
    const email = 'stores@demo.local';
    for (let i = 0; i < 5; i++) {
      const server = i % 2 === 0 ? a() : b();
      expect((await api(server.httpPort, 'POST', '/api/auth/login', { email, password: `Wrong@12${i}` })).status).toBe(401);
    }
    for (const server of [a(), b()]) {
      const refused = await api(server.httpPort, 'POST', '/api/auth/login', { email, password: PASSWORDS[email] });
      expect(refused.status).toBe(429);
      expect(refused.json.limit).toMatchObject({ kind: 'signIn', scope: 'account-address' });
    }
  });

  it('plans falling due while both run raise one ticket per occurrence, from the one process holding the scheduler lock; killed, the other takes over', async () => {
    await until(`the first pass raised a ticket for each of the ${EXTRA_PLANS} plans`, async () => (await raised('scale-plan-')).claimed === EXTRA_PLANS, 30_000);
    const first = await raised('scale-plan-');
    expect(first.ticketsPerOccurrence).toEqual(Array(EXTRA_PLANS).fill(1));

    const leaderPid = await schedulerPid();
    const leader = servers.find((s) => s.child.pid === leaderPid);
    const follower = servers.find((s) => s !== leader) as ServerProcess;
    expect(leader).toBeDefined();

    (leader as ServerProcess).child.kill('SIGKILL');
    await exited((leader as ServerProcess).child);
    // Work that falls due after the leader died: only a process that took over raises it.
    await db.query(
      `insert into ${PLANS} (_id, subscriber_id, body)
       select 'takeover-plan-' || g, subscriber_id, body || jsonb_build_object('title', 'Takeover plan ' || g, 'alternateId', 'PM-TAKEOVER-' || g)
       from ${PLANS}, generate_series(1, 3) g where body->>'title' = 'Compressor 2000-hour service (CP-02)'`,
    );
    await until('the other process holds the scheduler lock', async () => (await schedulerPid()) === follower.child.pid, 10_000);
    await until('its takeover pass raised the new plans’ tickets', async () => (await raised('takeover-plan-')).claimed === 3, 15_000);
    expect((await raised('takeover-plan-')).ticketsPerOccurrence).toEqual([1, 1, 1]);
    // Nothing raised twice by the takeover's pass either.
    expect((await raised('scale-plan-')).ticketsPerOccurrence).toEqual(Array(EXTRA_PLANS).fill(1));
    expect(follower.child.exitCode).toBeNull();
  });
});
