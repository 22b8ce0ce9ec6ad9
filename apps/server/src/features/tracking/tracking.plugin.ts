import type { FeaturePlugin } from '../../app-context';
import { createTrackingRepository } from './tracking.repository';
import { trackingRoutes } from './tracking.routes';

/** Tracking links for trusted contacts; registered under /api. */
export const trackingPlugin: FeaturePlugin = async (app, { ctx }) => {
  trackingRoutes(app, { tracking: createTrackingRepository(ctx.dbRef), clock: ctx.clock });
};
