import type { FeaturePlugin } from '../../feature-plugin';
import { createAlertsRepository } from './alerts.repository';
import { alertsRoutes } from './alerts.routes';
import { createAlertsService } from './alerts.service';

/**
 * Calm local alerts; registered under /api. The pushes, the all-clear and the expiry run in the
 * app-wide outbox (app-context.ts wires the handlers of alerts-delivery.ts), written in the
 * transaction that verifies, corroborates, resolves or opens an alert.
 */
export const alertsPlugin: FeaturePlugin = async (app, { ctx }) => {
  const alerts = createAlertsService({
    alerts: createAlertsRepository(ctx.dbRef),
    clock: ctx.clock,
    radiiM: ctx.config.alerts.radiiM,
    kick: () => ctx.outbox.kick(),
  });
  alertsRoutes(app, { alerts });
};
