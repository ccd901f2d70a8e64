/**
 * Gzip for the client's files, added by the benchmark to the app it measures. The API host serves dist/
 * as it is on disk (server/app.ts, @fastify/static without `preCompressed`), so without this the figures
 * would be of uncompressed files, which no production set-up sends; the build writes .gz files beside
 * each asset (vite.config.ts) for the server to send once it is told to.
 */
import type { FastifyInstance } from 'fastify';
import zlib from 'node:zlib';
import type { Readable } from 'node:stream';

const COMPRESSIBLE = /^(text\/html|text\/css|text\/javascript|application\/javascript)/;

export function gzipClientFiles(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api') || request.url.startsWith('/socket.io')) return payload;
    if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? '')) || reply.getHeader('content-encoding')) return payload;
    reply.header('content-encoding', 'gzip');
    reply.removeHeader('content-length');
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) return zlib.gzipSync(payload);
    return (payload as Readable).pipe(zlib.createGzip());
  });
}
