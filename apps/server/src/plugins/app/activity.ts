import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface ActivityOptions {
  /** Called after each answered request of a signed-in user (the scores count one active day per India day). */
  onActive: (userId: number) => Promise<void>;
}

/**
 * Marks signed-in users active. It runs once the answer has gone, so it never slows one down,
 * and a failure is logged, never answered. Only a request that succeeded counts: a refused one
 * changes nothing.
 */
async function activityPlugin(app: FastifyInstance, { onActive }: ActivityOptions): Promise<void> {
  app.addHook('onResponse', async (request, reply) => {
    const user = request.user;
    if (!user || reply.statusCode >= 400) return;
    try {
      await onActive(user.id);
    } catch (error) {
      request.log.warn({ reason: String(error) }, 'recording the active day failed');
    }
  });
}

export const activity = fp(activityPlugin, { name: 'activity', dependencies: ['auth'] });
