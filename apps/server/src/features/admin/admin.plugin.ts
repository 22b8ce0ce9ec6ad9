import type { FeaturePlugin } from '../../feature-plugin';
import { createAdminRepository } from './admin.repository';
import { adminRoutes } from './admin.routes';
import { createAdminService } from './admin.service';

/** Roles and the audit log, for admins; registered under /api. */
export const adminPlugin: FeaturePlugin = async (app, { ctx }) => {
  adminRoutes(app, { admin: createAdminService({ admin: createAdminRepository(ctx.dbRef), clock: ctx.clock }) });
};
