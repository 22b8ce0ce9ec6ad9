import type { FeaturePlugin } from '../../app-context';
import { createSafetyTimerRepository } from './safety-timer.repository';
import { safetyTimerRoutes } from './safety-timer.routes';
import { createSafetyTimerService } from './safety-timer.service';

/**
 * The safety timer and its PINs; registered under /api. The escalation runs in the app-wide
 * outbox (app-context.ts, handlers in safety-timer-delivery.ts), so the server holds the timer
 * through restarts.
 */
export const safetyTimerPlugin: FeaturePlugin = async (app, { ctx }) => {
  const timers = createSafetyTimerService({ timers: createSafetyTimerRepository(ctx.dbRef), clock: ctx.clock, offsets: ctx.config.safetyTimer });
  safetyTimerRoutes(app, { timers, kick: () => ctx.outbox.kick() });
};
