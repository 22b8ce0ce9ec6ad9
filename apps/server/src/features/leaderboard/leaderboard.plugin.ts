import type { FeaturePlugin } from '../../feature-plugin';
import { createLeaderboardRepository } from './leaderboard.repository';
import { leaderboardRoutes } from './leaderboard.routes';
import { createLeaderboardService } from './leaderboard.service';

/** The leaderboard; the points behind it are kept by ctx.scores. Registered under /api. */
export const leaderboardPlugin: FeaturePlugin = async (app, { ctx }) => {
  leaderboardRoutes(app, {
    leaderboard: createLeaderboardService({ leaderboard: createLeaderboardRepository(ctx.dbRef), scores: ctx.scores, clock: ctx.clock }),
  });
};
