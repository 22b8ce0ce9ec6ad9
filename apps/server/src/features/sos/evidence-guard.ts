import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NotFoundError } from '../../core/errors';

/**
 * Evidence files sit under the media directory, which `/media/*` serves publicly. They are
 * only ever played through the owner-checked API, so the public path is closed here.
 */
async function evidenceGuardPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request) => {
    const raw = request.url.split('?', 1)[0] ?? '';
    let pathname = raw;
    try {
      pathname = decodeURIComponent(raw);
    } catch {
      // A malformed escape is not a file path the static server would resolve either.
    }
    pathname = pathname.replace(/\/{2,}/g, '/');
    if (/^\/media\/(\.\/)*evidence(\/|$)/i.test(pathname)) throw new NotFoundError();
  });
}

export const evidenceGuard = fp(evidenceGuardPlugin, { name: 'evidence-guard' });
