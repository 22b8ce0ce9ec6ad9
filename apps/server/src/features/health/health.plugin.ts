import type { FeaturePlugin } from '../../feature-plugin';
import { healthRoutes } from './health.routes';

/**
 * Liveness and readiness; registered under /api. They ask the database through the SOS path's
 * pool (docs/adr/0022): a process whose read pool is saturated still raises SOS alerts and
 * sheds the reads that can wait, so it is ready. Asked through the read pool, its probe would
 * queue behind the reads, fail, and take the process out of the load balancer exactly when
 * every process is busy.
 */
export const healthPlugin: FeaturePlugin = async (app, { ctx }) => {
  healthRoutes(app, { dbRef: ctx.dbRef.sos, bus: ctx.bus, outbox: ctx.outbox });
};
