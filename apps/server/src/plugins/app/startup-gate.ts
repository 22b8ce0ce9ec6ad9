import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DbRef } from '../../core/db/db-ref';
import { ServiceStartingError } from '../../core/errors';

/**
 * The port opens before the database is ready (the embedded one takes seconds to create),
 * so the web app is served at once while `/api` answers 503 "starting" until then. The
 * liveness probe (`/api/health/live`) answers all the same: a process that is starting is alive.
 */
async function startupGatePlugin(app: FastifyInstance, { dbRef }: { dbRef: DbRef }): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    if (dbRef.ready || !request.url.startsWith('/api/') || request.url.startsWith('/api/docs') || request.url.split('?')[0] === '/api/health/live') return;
    reply.header('retry-after', '2');
    throw new ServiceStartingError();
  });
}

export const startupGate = fp(startupGatePlugin, { name: 'startup-gate' });
