import type { FeaturePlugin } from '../../feature-plugin';
import { authServiceOf } from '../auth';
import { createUsersRepository, createUsersService } from '../users';
import { createAccountDeletionRepository } from './data-rights-deletion.repository';
import { createDataExportRepository } from './data-rights-export.repository';
import { dataRightsRoutes } from './data-rights.routes';
import { createDataRightsService } from './data-rights.service';

/** Data rights: `GET /api/users/me/export` and deleting the account with a fresh SMS code. */
export const dataRightsPlugin: FeaturePlugin = async (app, { ctx }) => {
  const users = createUsersService(createUsersRepository(ctx.dbRef), ctx.clock);
  // The login's code machinery (same limits, same SMS) confirms the deletion.
  const auth = authServiceOf(ctx, users);
  const dataRights = createDataRightsService({
    exports: createDataExportRepository(ctx.dbRef),
    deletion: createAccountDeletionRepository(ctx.dbRef),
    users,
    auth,
    storage: ctx.storage,
    privateFiles: ctx.privateStorage,
    clock: ctx.clock,
    log: ctx.log,
  });
  dataRightsRoutes(app, { dataRights, cookie: ctx.cookie, clock: ctx.clock });
};
