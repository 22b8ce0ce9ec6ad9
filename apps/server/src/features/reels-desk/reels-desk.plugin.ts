import type { FeaturePlugin } from '../../feature-plugin';
import { createReelModerationNotifier } from './reels-desk.notify';
import { createReelsDeskRepository } from './reels-desk.repository';
import { reelsDeskRoutes } from './reels-desk.routes';
import { createReelsDeskService } from './reels-desk.service';

/** The reels desk for moderators, and reporting a reel; registered under /api. */
export const reelsDeskPlugin: FeaturePlugin = async (app, { ctx }) => {
  const desk = createReelsDeskRepository(ctx.dbRef);
  const notifier = createReelModerationNotifier({ desk, notifications: ctx.notifications, log: ctx.log });
  reelsDeskRoutes(app, { desk: createReelsDeskService({ desk, notifier, clock: ctx.clock }) });
};
