import { HealthResponse } from '../schemas/common';
import { defineEndpoints, ok } from './endpoint';

/** Liveness and database readiness (a 503 `db_unavailable` when the database does not answer). */
export const healthEndpoints = defineEndpoints('health', {
  'GET /health': ok(HealthResponse, { access: 'public' }).summary('Liveness and database readiness'),
});
