/**
 * The anchor of bench/record-reads.ts: a bare Fastify 5 + node-postgres server reading the same rows from
 * the same PostgreSQL, with no sign-in, no privileges, no validation and no logging: what one row and a page
 * of ten cost with nothing of the product around them. Prints "listening <port>" first.
 *
 * BENCH_QUERIES (JSON, optional): the statements the app sends for a ticket view and for the waiting-count, as
 * bench/record-reads.ts recorded them from the product's own functions; /view and /waiting run exactly those.
 */
import Fastify from 'fastify';
import pg from 'pg';

const url = process.env.DATABASE_URL;
const table = process.env.BENCH_TABLE;
const tenant = process.env.BENCH_TENANT;
if (!url || !table || !tenant) throw new Error('DATABASE_URL, BENCH_TABLE and BENCH_TENANT are required');
const pool = new pg.Pool({ connectionString: url, max: 10 });
const app = Fastify({ logger: false });

app.get('/row/:id', async (request, reply) => {
  const { rows } = await pool.query(`select _id, body from ${table} where subscriber_id = $1 and _id = $2`, [tenant, (request.params as { id: string }).id]);
  if (!rows[0]) return reply.code(404).send({ message: 'not found' });
  return { _id: rows[0]._id, ...rows[0].body };
});

app.get('/rows', async () => {
  const [page, count] = await Promise.all([
    pool.query(`select _id, body from ${table} where subscriber_id = $1 order by created_at desc limit 10`, [tenant]),
    pool.query(`select count(*)::int as total from ${table} where subscriber_id = $1`, [tenant]),
  ]);
  return { data: page.rows.map((r) => ({ _id: r._id, ...r.body })), total: count.rows[0].total };
});

interface Statement {
  text: string;
  values: unknown[];
}
const queries = JSON.parse(process.env.BENCH_QUERIES ?? '{}') as { view?: Statement[]; waiting?: Statement };

if (queries.view) {
  const view = queries.view;
  app.get('/view', async () => {
    const pages = await Promise.all(view.map((q) => pool.query(q.text, q.values)));
    const data = pages.flatMap((page) => page.rows.map((r) => ({ _id: r._id, ...r.body, createdAt: r.created_at, updatedAt: r.updated_at })));
    return { data, total: data.length };
  });
}
if (queries.waiting) {
  const waiting = queries.waiting;
  app.get('/waiting', async () => {
    const { rows } = await pool.query(waiting.text, waiting.values);
    const modules = rows.map((r) => ({ module: String(r.m), count: Number(r.n) }));
    return { modules, total: modules.reduce((sum, m) => sum + m.count, 0) };
  });
}

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
// A normal exit on SIGTERM, so that a --cpu-prof run (BENCH_CPU_PROF_ANCHOR) writes its profile.
process.on('SIGTERM', () => process.exit(0));
