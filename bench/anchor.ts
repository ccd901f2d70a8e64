/**
 * Builds the anchor page (bench/anchor/) with Vite into a temporary folder and serves it gzip-compressed,
 * as the API host serves the product's client, on a free loopback port.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };

export interface AnchorServer {
  url: string;
  close(): Promise<void>;
}

export async function startAnchor(): Promise<AnchorServer> {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-anchor-'));
  await build({ configFile: false, root: path.join(HERE, 'anchor'), plugins: [react()], logLevel: 'warn', build: { outDir: out, emptyOutDir: true } });
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://anchor').pathname;
    const file = path.join(out, pathname === '/' ? 'index.html' : path.normalize(pathname));
    if (!file.startsWith(out) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'content-encoding': 'gzip' });
    res.end(zlib.gzipSync(fs.readFileSync(file)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(out, { recursive: true, force: true });
    },
  };
}
