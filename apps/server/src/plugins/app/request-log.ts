import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One JSON line per request, written when the response is sent. Only the path is logged:
 * query strings can carry coordinates, and headers carry tokens.
 */
async function requestLogPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?', 1)[0];
    // Failures themselves are logged at error level by the error handler, with the cause;
    // 503 is the expected "starting" answer of the first seconds.
    const level = reply.statusCode >= 500 && reply.statusCode !== 503 ? 'warn' : 'info';
    request.log[level](
      {
        method: request.method,
        path,
        route: request.routeOptions.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        userId: request.user?.id,
      },
      'request',
    );
  });
}

export const requestLog = fp(requestLogPlugin, { name: 'request-log' });
