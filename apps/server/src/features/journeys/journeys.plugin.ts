import type { FeaturePlugin } from '../../feature-plugin';
import { createSafetyTimerRepository, createSafetyTimerService } from '../safety-timer';
import { createJourneysRepository } from './journeys.repository';
import { journeysRoutes } from './journeys.routes';
import { createJourneysService } from './journeys.service';

/**
 * Journeys ("walk me home"); registered under /api. A journey is a safety timer with a
 * destination and a track: its stages, PINs, duress and escalation are the timer's own, run by
 * the safety-timer feature's scheduler and outbox handlers. On the SOS path's pool (docs/adr/0022).
 */
export const journeysPlugin: FeaturePlugin = async (app, { ctx }) => {
  const dbRef = ctx.dbRef.sos;
  const timers = createSafetyTimerService({ timers: createSafetyTimerRepository(dbRef), clock: ctx.clock, offsets: ctx.config.safetyTimer });
  const journeys = createJourneysService({
    journeys: createJourneysRepository(dbRef),
    timers,
    clock: ctx.clock,
    offsets: ctx.config.safetyTimer,
    secret: ctx.secrets.authSecret,
    publicUrl: ctx.config.publicUrl,
  });
  journeysRoutes(app, { journeys, kick: () => ctx.outbox.kick() });
};
