import { HealthResponse } from '../schemas/common';
import { defineEndpoints } from './endpoint';

/** Liveness and database readiness (a 503 `db_unavailable` when the database does not answer). */
export const healthEndpoints = defineEndpoints('health', {
  'GET /health': {
    summary: 'Liveness and database readiness',
    access: 'public',
    responses: { 200: HealthResponse },
  },
});
