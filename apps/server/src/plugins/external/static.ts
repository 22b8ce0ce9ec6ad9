import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

export interface StaticOptions {
  /** The built web app (contains index.html); undefined when it was not found. */
  webDistDir: string | undefined;
  /** Its index.html as read at start: sent for every page, so it matches the CSP's script hash. */
  indexHtml: string | undefined;
  mediaDir: string;
}

const NO_CACHE_FILES = new Set(['index.html', 'sw.js', 'registerSW.js', 'manifest.webmanifest', 'manifest.json']);

/**
 * Finds `apps/web/dist` by walking up from this file (works from `src/` under tsx and from
 * the bundled `dist/server.js`) and from the working directory.
 */
export function findWebDist(configured: string | undefined, cwd: string = process.cwd()): string | undefined {
  if (configured) return fs.existsSync(path.join(configured, 'index.html')) ? configured : undefined;
  const starts = [path.dirname(fileURLToPath(import.meta.url)), cwd];
  for (const start of starts) {
    for (let dir = start; ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, 'apps', 'web', 'dist');
      if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
      if (path.dirname(dir) === dir) break;
    }
  }
  return undefined;
}

/** Hashed build assets never change; the entry points must be revalidated every time. */
function webCacheHeaders(reply: FastifyReply, filePath: string): void {
  const name = path.basename(filePath);
  if (NO_CACHE_FILES.has(name)) reply.header('cache-control', 'no-cache');
  else if (filePath.split(path.sep).includes('assets')) reply.header('cache-control', 'public, max-age=31536000, immutable');
  else reply.header('cache-control', 'public, max-age=3600');
}

type PageEncoding = 'br' | 'gzip';

/**
 * index.html as brotli and gzip, compressed once when the server starts (it is the same for
 * every page), and the one a request accepts.
 */
function pageVariants(html: string) {
  const variants: Record<PageEncoding, Buffer> = {
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(html, { level: 9 }),
  };
  return (acceptEncoding: string | undefined): { encoding: PageEncoding; body: Buffer } | null => {
    const encoding = acceptEncoding ? negotiate<PageEncoding>(acceptEncoding, ['br', 'gzip']) : null;
    return encoding ? { encoding, body: variants[encoding] } : null;
  };
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Saathi</title></head>
<body><h1>The web app is not built</h1><p>Run <code>npm run build</code> (or <code>npm start</code>) and reload.</p></body></html>
`;

/**
 * Serves the SPA with a fallback to index.html for client-side routes, and local media
 * (`/media/*`, with HTTP range requests for video). Unknown `/api` and `/media` paths get
 * the JSON 404 instead of the page.
 */
async function staticPlugin(app: FastifyInstance, { webDistDir, indexHtml, mediaDir }: StaticOptions): Promise<void> {
  fs.mkdirSync(mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: !webDistDir,
    cacheControl: false,
    index: false,
    acceptRanges: true,
    setHeaders: (reply) => {
      reply.header('cache-control', 'public, max-age=86400');
    },
  });

  if (webDistDir) {
    // wildcard: false registers one route per built file, so unknown paths reach the
    // not-found handler below (and `/api/...` typos are never answered by the SPA).
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      wildcard: false,
      // index.html is sent from memory below, as read at start (the service worker fetches it too).
      // The brotli and gzip copies the build wrote (apps/web/compress-plugin.ts) are sent in
      // place of the file to a browser that accepts them, with content-encoding and vary.
      globIgnore: ['index.html', '**/*.br', '**/*.gz'],
      preCompressed: true,
      cacheControl: false,
      index: false,
      setHeaders: webCacheHeaders,
    });
  } else {
    app.log.warn('web app not built: apps/web/dist/index.html was not found; serving a placeholder page');
  }

  const compressedPage = indexHtml ? pageVariants(indexHtml) : undefined;
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|media)(\/|$)/.test(pathname);
    // A missing file with an extension (a stale hashed chunk) must 404, not return HTML.
    if (isPage && (!path.extname(pathname) || pathname === '/index.html')) {
      if (!indexHtml) return reply.status(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
      reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
      const compressed = compressedPage?.(request.headers['accept-encoding']);
      if (compressed) return reply.header('content-encoding', compressed.encoding).send(compressed.body);
      return reply.send(indexHtml);
    }
    return reply
      .status(404)
      .type('application/json; charset=utf-8')
      .send({ error: { code: 'not_found', message: `No route for ${request.method} ${pathname}` } });
  });
}

export const staticFiles = fp(staticPlugin, { name: 'static' });
