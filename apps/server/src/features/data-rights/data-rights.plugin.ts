import type { FeaturePlugin } from '../../app-context';
import { createAuthRepository } from '../auth/auth.repository';
import { createAuthService } from '../auth/auth.service';
import { createUsersRepository } from '../users/users.repository';
import { createUsersService } from '../users/users.service';
import { createAccountDeletionRepository } from './data-rights-deletion.repository';
import { createDataExportRepository } from './data-rights-export.repository';
import { dataRightsRoutes } from './data-rights.routes';
import { createDataRightsService } from './data-rights.service';

/** Data rights: `GET /api/users/me/export` and deleting the account with a fresh SMS code. */
export const dataRightsPlugin: FeaturePlugin = async (app, { ctx }) => {
  const users = createUsersService(createUsersRepository(ctx.dbRef), ctx.clock);
  // The login's code machinery (same limits, same SMS) confirms the deletion.
  const auth = createAuthService({
    auth: createAuthRepository(ctx.dbRef),
    sessions: ctx.sessions,
    users,
    sms: ctx.sms,
    clock: ctx.clock,
    secret: ctx.secrets.authSecret,
    sessionTtlDays: ctx.config.sessionTtlDays,
    codesPerIpPerHour: ctx.config.otpCodesPerIpPerHour,
    log: ctx.log,
  });
  const dataRights = createDataRightsService({
    exports: createDataExportRepository(ctx.dbRef),
    deletion: createAccountDeletionRepository(ctx.dbRef),
    users,
    auth,
    storage: ctx.storage,
    clock: ctx.clock,
    log: ctx.log,
  });
  dataRightsRoutes(app, { dataRights, cookie: ctx.cookie, clock: ctx.clock });
};
