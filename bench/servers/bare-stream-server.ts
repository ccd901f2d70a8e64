/**
 * The streamed list's anchor (bench/servers/bare-stream.ts) in a process of its own, for bench/lists-and-pages.ts,
 * so that its memory is measured apart from the app's and the client's. Prints "listening <port>" first.
 */
import pg from 'pg';
import { startBareStream } from './bare-stream';

const url = process.env.DATABASE_URL;
const table = process.env.BENCH_TABLE;
const tenant = process.env.BENCH_TENANT;
if (!url || !table || !tenant) throw new Error('DATABASE_URL, BENCH_TABLE and BENCH_TENANT are required');
const stream = await startBareStream(new pg.Pool({ connectionString: url, max: 10 }), table, tenant);
console.log(`listening ${new URL(stream.url).port}`);
process.on('SIGTERM', () => process.exit(0));
