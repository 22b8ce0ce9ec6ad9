import type { FeaturePlugin } from '../../feature-plugin';
import { createSafetyTimerWork, SAFETY_TIMER_TOPICS } from './safety-timer-delivery';
import { createStageScheduler } from './safety-timer-stages';
import { createSafetyTimerRepository } from './safety-timer.repository';
import { safetyTimerRoutes } from './safety-timer.routes';
import { createSafetyTimerService } from './safety-timer.service';

/**
 * The safety timer and its PINs; registered under /api. The escalation is held in the
 * app-wide outbox (app-context.ts, handlers in safety-timer-delivery.ts), so the server holds
 * the timer through restarts. Outside tests a stage scheduler (safety-timer-stages.ts) claims
 * every stage row that falls due in one pass and runs them together, on time; the outbox
 * handles any it reaches first the same way. Tests drive the stages through the outbox alone.
 * The timers, their stages and their alerts use the SOS path's database pool (docs/adr/0022).
 */
export const safetyTimerPlugin: FeaturePlugin = async (app, { ctx }) => {
  const dbRef = ctx.dbRef.sos;
  const timers = createSafetyTimerService({ timers: createSafetyTimerRepository(dbRef), clock: ctx.clock, offsets: ctx.config.safetyTimer });
  safetyTimerRoutes(app, { timers, kick: () => ctx.outbox.kick() });

  if (ctx.config.nodeEnv === 'test') return;
  const work = createSafetyTimerWork({
    dbRef,
    notifications: ctx.sosNotifications,
    bus: ctx.bus,
    clock: ctx.clock,
    config: ctx.config,
    secret: ctx.secrets.authSecret,
    sms: ctx.sms,
    kick: () => ctx.outbox.kick(),
    metrics: ctx.metrics,
    log: ctx.log,
  });
  const scheduler = createStageScheduler({
    dbRef,
    clock: ctx.clock,
    topic: SAFETY_TIMER_TOPICS.stage,
    run: work.runStages,
    log: ctx.log,
    onLateness: (seconds) => ctx.metrics.outboxJobStarted(SAFETY_TIMER_TOPICS.stage, seconds),
  });
  scheduler.start();
  app.addHook('onClose', async () => scheduler.stop());
};
