import type { FeaturePlugin } from '../../feature-plugin';
import { createSosEvidenceRepository } from './sos-evidence.repository';
import { sosEvidenceRoutes } from './sos-evidence.routes';
import { createSosEvidenceService } from './sos-evidence.service';
import { createSosFeedbackRepository } from './sos-feedback.repository';
import { sosFeedbackRoutes } from './sos-feedback.routes';
import { createSosFeedbackService } from './sos-feedback.service';
import { createSosRepository } from './sos.repository';
import { sosRoutes } from './sos.routes';
import { createSosService } from './sos.service';

/**
 * SOS alerts, their feedback and evidence; registered under /api. Delivery runs in the
 * app-wide outbox (app-context.ts, handlers in sos-delivery.ts), which a new alert kicks.
 * Alerts and evidence use the SOS path's database pool (`dbRef.sos`, docs/adr/0022); the
 * feedback given afterwards waits its turn with everything else.
 */
export const sosPlugin: FeaturePlugin = async (app, { ctx }) => {
  const { config, dbRef, clock } = ctx;
  const sos = createSosService({
    sos: createSosRepository(dbRef.sos, clock),
    bus: ctx.bus,
    clock,
    radiiM: config.sos.radiiM,
    maxPerWindow: config.sos.maxPerWindow,
    kick: () => ctx.outbox.kick(),
    metrics: ctx.metrics,
    log: ctx.log,
  });
  sosFeedbackRoutes(app, { feedback: createSosFeedbackService({ feedback: createSosFeedbackRepository(dbRef), sos, clock }) });
  sosRoutes(app, { sos });
  // A scope of its own: the evidence routes' raw-body content types stay theirs.
  await app.register(sosEvidenceRoutes, {
    evidence: createSosEvidenceService({ evidence: createSosEvidenceRepository(dbRef.sos), sos, files: ctx.privateStorage, clock }),
  });
};
