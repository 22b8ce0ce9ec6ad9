import type { FeaturePlugin } from '../../feature-plugin';
import { healthRoutes } from './health.routes';

/** Liveness and readiness; registered under /api. */
export const healthPlugin: FeaturePlugin = async (app, { ctx }) => {
  healthRoutes(app, { dbRef: ctx.dbRef, bus: ctx.bus, outbox: ctx.outbox });
};
