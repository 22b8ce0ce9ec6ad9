import type { FeaturePlugin } from '../../feature-plugin';
import { withSafetyTimerLinks } from './safety-timer-links';
import { createTrackingRepository } from './tracking.repository';
import { trackingRoutes } from './tracking.routes';

/** Tracking links for trusted contacts, an SOS's and a safety timer's; registered under /api. */
export const trackingPlugin: FeaturePlugin = async (app, { ctx }) => {
  trackingRoutes(app, { tracking: withSafetyTimerLinks(createTrackingRepository(ctx.dbRef, ctx.clock), ctx.dbRef), clock: ctx.clock });
};
