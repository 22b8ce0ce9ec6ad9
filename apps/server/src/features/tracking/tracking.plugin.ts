import type { FeaturePlugin } from '../../feature-plugin';
import { createTrackingRepository } from './tracking.repository';
import { withSafetyTimerLinks } from '../safety-timer/safety-timer-tracking';
import { trackingRoutes } from './tracking.routes';

/** Tracking links for trusted contacts; registered under /api. */
export const trackingPlugin: FeaturePlugin = async (app, { ctx }) => {
  trackingRoutes(app, { tracking: withSafetyTimerLinks(createTrackingRepository(ctx.dbRef, ctx.clock), ctx.dbRef), clock: ctx.clock });
};
