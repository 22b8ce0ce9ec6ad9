import { PUSH_TEST_PER_HOUR } from '@saathi/shared';
import type { FeaturePlugin } from '../../app-context';
import { createRateLimiter } from '../../core/rate-limit/rate-limiter';
import { createPushRepository } from './push.repository';
import { pushRoutes } from './push.routes';
import { createPushService } from './push.service';

/** Device push tokens and the test push; registered under /api. */
export const pushPlugin: FeaturePlugin = async (app, { ctx }) => {
  // Counted per process: a test push is harmless, so several processes each allowing a few is fine.
  const testLimiter = createRateLimiter({ limit: PUSH_TEST_PER_HOUR, windowMs: 3600_000, clock: ctx.clock });
  pushRoutes(app, { push: createPushService({ push: createPushRepository(ctx.dbRef), notifications: ctx.notifications, testLimiter }) });
};
