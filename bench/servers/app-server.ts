/**
 * The product's API host in a process of its own, for bench/record-reads.ts: buildApp on DATABASE_URL, no
 * client files, logging as `npm start` has it (LOG_REQUESTS passes through), listening on a free loopback port that it prints as
 * its first line ("listening <port>").
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createPool } from '../../server/db/pool';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DIST_DIR: path.join(os.tmpdir(), 'no-client'), DATA_DIR: os.tmpdir(), LOG_REQUESTS: process.env.LOG_REQUESTS ?? '' }, ROOT);
const app = await buildApp({ db: createPool(url, 10), config, logger: true });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
// A normal exit on SIGTERM, so that a --cpu-prof run (BENCH_CPU_PROF) writes its profile.
process.on('SIGTERM', () => process.exit(0));
