import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Metrics } from '../../core/metrics';

/**
 * Times every request into saathi_http_request_duration_seconds, labelled by the route's
 * pattern (`/api/sos/:id`), never its path, so ids and tokens stay out and the labels stay few.
 */
async function httpMetricsPlugin(app: FastifyInstance, { metrics }: { metrics: Pick<Metrics, 'httpRequest'> }): Promise<void> {
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
  });
}

export const httpMetrics = fp(httpMetricsPlugin, { name: 'http-metrics' });
