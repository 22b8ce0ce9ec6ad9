import type { FeaturePlugin } from '../../app-context';
import { createPushRepository } from './push.repository';
import { pushRoutes } from './push.routes';
import { createPushService } from './push.service';

/** Device push tokens; registered under /api. */
export const pushPlugin: FeaturePlugin = async (app, { ctx }) => {
  pushRoutes(app, { push: createPushService(createPushRepository(ctx.dbRef)) });
};
