import { PUSH_TEST_PER_HOUR } from '@saathi/shared';
import type { FeaturePlugin } from '../../feature-plugin';
import { createPushRepository } from './push.repository';
import { pushRoutes } from './push.routes';
import { createPushService } from './push.service';

/** Device push tokens and the test push; registered under /api. */
export const pushPlugin: FeaturePlugin = async (app, { ctx }) => {
  // Counted across processes like every limit: the answer a person reads ("try again in N
  // minutes") must not depend on which process served them.
  const testLimiter = ctx.rateLimiter('push-test', PUSH_TEST_PER_HOUR, 3600_000);
  pushRoutes(app, { push: createPushService({ push: createPushRepository(ctx.dbRef), notifications: ctx.notifications, testLimiter }) });
};
