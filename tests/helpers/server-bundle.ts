/**
 * The compiled server, as `npm start` runs it (esbuild's bundle of server/main.ts, its packages left to
 * node_modules), for the fault tests: what crashed in issue 29 was the compiled server, and a bundle starts
 * faster and costs less CPU than tsx on a shared machine. Built into a temporary folder beside a link to the
 * project's node_modules (packages resolve from there), so that the tests never touch `server-dist/`.
 * The options are package.json's `build:server`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';

const ROOT = path.resolve(__dirname, '../..');

export interface ServerBundle {
  /** The bundle's main.js. */
  entry: string;
  remove(): void;
}

export async function buildServerBundle(): Promise<ServerBundle> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldops-server-bundle-'));
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  const entry = path.join(dir, 'main.js');
  await build({
    entryPoints: [path.join(ROOT, 'server/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    outfile: entry,
  });
  return { entry, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
