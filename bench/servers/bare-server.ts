/**
 * The anchor of bench/record-reads.ts: a bare Fastify 5 + node-postgres server reading the same rows from
 * the same PostgreSQL, with no sign-in, no privileges, no validation and no logging: what one row and a page
 * of ten cost with nothing of the product around them. Prints "listening <port>" first.
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

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
