/**
 * The anchor of the streamed list (issue 30, bench/lists-and-pages.ts): a bare Fastify 5 + pg-cursor route that
 * streams a tenant's whole table as `{"data":[…],"total":N}`, with what the product's streamed list has and nothing
 * else: the same compression (@fastify/compress, br then gzip, 1 KB threshold: server/app.ts), the same batch of
 * 1,000 rows per cursor read (LIST_BATCH_ROWS), the same order, the count alongside on another connection, and the
 * same record shape (_id, the body, createdAt, updatedAt). No sign-in, no privileges, no names, no logging.
 * Runs in the benchmark's process, as the app does there, on the benchmark's pool.
 */
import { Readable } from 'node:stream';
import fastifyCompress from '@fastify/compress';
import Fastify from 'fastify';
import Cursor from 'pg-cursor';
import type { Db } from '../../server/db/pool';
import { LIST_BATCH_ROWS } from '../../server/db/repository';

export interface BareStream {
  /** The list's URL (GET). */
  url: string;
  close(): Promise<void>;
}

interface Row {
  _id: string;
  body: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

export async function startBareStream(pool: Db, table: string, tenant: string): Promise<BareStream> {
  const app = Fastify({ logger: false });
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  app.get('/rows', async (_request, reply) => {
    const count = pool.query<{ total: number }>(`select count(*)::int as total from "${table}" where subscriber_id = $1`, [tenant]);
    count.catch(() => undefined);
    const client = await pool.connect();
    const cursor = client.query(new Cursor<Row>(`select _id, body, created_at, updated_at from "${table}" where subscriber_id = $1 order by created_at desc, _id desc`, [tenant]));
    async function* json(): AsyncGenerator<string> {
      try {
        yield '{"data":[';
        let separator = '';
        for (let rows = await cursor.read(LIST_BATCH_ROWS); rows.length > 0; rows = await cursor.read(LIST_BATCH_ROWS)) {
          yield separator + JSON.stringify(rows.map((r) => ({ _id: r._id, ...r.body, createdAt: r.created_at, updatedAt: r.updated_at }))).slice(1, -1);
          separator = ',';
        }
        yield `],"total":${(await count).rows[0]?.total ?? 0}}`;
      } finally {
        await cursor.close().catch(() => undefined);
        client.release();
      }
    }
    reply.type('application/json; charset=utf-8');
    return reply.send(Readable.from(json(), { objectMode: false, highWaterMark: 1 << 20 }));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/rows`, close: () => app.close() };
}
