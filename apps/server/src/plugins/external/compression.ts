import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Compresses what the server builds per request (HTML pages, JSON answers) when it is over
 * about 1 KB and the client accepts brotli or gzip. Brotli runs at quality 4: on the busiest
 * reads quality 11 would cost more CPU than the bytes it saves on a 4G link. The built assets
 * are compressed once at build time (static.ts), and the live event stream (hijacked) and
 * media (images, video: not compressible) are never touched.
 */
async function compressionPlugin(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}

export const compression = fp(compressionPlugin, { name: 'compression' });
