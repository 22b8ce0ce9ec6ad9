import { HealthLiveResponse, HealthReadyResponse, HealthResponse } from '../schemas/common';
import { defineEndpoints, ok } from './endpoint';

/**
 * Health for whoever runs Saathi: `/health` (liveness and database, a 503 `db_unavailable`
 * when the database does not answer), `/health/live` for a liveness probe (restart the process
 * when it fails) and `/health/ready` for a readiness probe (send no traffic while it fails).
 */
export const healthEndpoints = defineEndpoints('health', {
  'GET /health': ok(HealthResponse, { access: 'public' }).summary('Liveness and database readiness'),
  'GET /health/live': ok(HealthLiveResponse, { access: 'public' }).summary('The process runs and answers; asks no dependency (a liveness probe)'),
  'GET /health/ready': ok(HealthReadyResponse, { access: 'public', errors: ['not_ready'] }).summary(
    'Ready for traffic: the database answers, its migrations are done, Redis answers when configured and the outbox worker runs; 503 not_ready with the failed checks otherwise (a readiness probe)',
  ),
});
