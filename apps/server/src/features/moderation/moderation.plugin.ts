import type { FeaturePlugin } from '../../feature-plugin';
import { createCommunityAccess } from '../../domain/community-access';
import { createModerationNotifier } from './moderation.notify';
import { createModerationRepository } from './moderation.repository';
import { moderationRoutes } from './moderation.routes';
import { createModerationService } from './moderation.service';

/** The moderation desk, appeals and comment reports; registered under /api. */
export const moderationPlugin: FeaturePlugin = async (app, { ctx }) => {
  const repo = createModerationRepository(ctx.dbRef);
  const notifier = createModerationNotifier({ repo, notifications: ctx.notifications, log: ctx.log });
  const access = createCommunityAccess(ctx.dbRef, ctx.clock);
  moderationRoutes(app, {
    moderation: createModerationService({ repo, notifier, access, clock: ctx.clock, reportHideThreshold: ctx.config.community.reportHideThreshold }),
  });
};
