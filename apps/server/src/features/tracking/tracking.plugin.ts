import type { FeaturePlugin } from '../../feature-plugin';
import { withSafetyTimerLinks } from './safety-timer-links';
import { createTrackingRepository } from './tracking.repository';
import { trackingRoutes } from './tracking.routes';

/**
 * Tracking links for trusted contacts, an SOS's and a safety timer's; registered under /api.
 * Read from the SOS path's database pool (docs/adr/0022): a contact following someone in
 * danger never waits behind the feed.
 */
export const trackingPlugin: FeaturePlugin = async (app, { ctx }) => {
  const dbRef = ctx.dbRef.sos;
  trackingRoutes(app, { tracking: withSafetyTimerLinks(createTrackingRepository(dbRef, ctx.clock), dbRef), clock: ctx.clock });
};
