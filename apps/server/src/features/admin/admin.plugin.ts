import { createOutboxRepository } from '../../core/outbox';
import type { FeaturePlugin } from '../../feature-plugin';
import { readiness } from '../health';
import { createAdminRepository } from './admin.repository';
import { adminRoutes } from './admin.routes';
import { createAdminService } from './admin.service';
import { createOperationsStatusRepository } from './operations-status.repository';
import { createOperationsStatusService } from './operations-status.service';

/** Roles, the audit log and the service's status, for admins; registered under /api. */
export const adminPlugin: FeaturePlugin = async (app, { ctx }) => {
  adminRoutes(app, {
    admin: createAdminService({ admin: createAdminRepository(ctx.dbRef), clock: ctx.clock }),
    operations: createOperationsStatusService({
      status: createOperationsStatusRepository(ctx.dbRef),
      outbox: createOutboxRepository(ctx.dbRef),
      deliveryCounts: ctx.deliveryCounts,
      readiness: () => readiness({ dbRef: ctx.dbRef.sos, bus: ctx.bus, outbox: ctx.outbox }),
      clock: ctx.clock,
    }),
  });
};
