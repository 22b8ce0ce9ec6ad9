import { LeaderboardQuery, LeaderboardResponse } from '../schemas/leaderboard';
import { defineEndpoints, ok } from './endpoint';

/** Scores from the points ledger, ranked by place (docs/leaderboard.md). */
export const leaderboardEndpoints = defineEndpoints('leaderboard', {
  /**
   * `scope=administrative&region=city|state|country` ranks the caller's city or state (or the
   * `city`/`state` given) or all of India; `scope=location&latitude=&longitude=&radius=` ranks
   * everyone with a saved place inside the circle (radius ≤ 5000 m, default 5000). People under
   * 18 and people who switched "Show me on leaderboards" off are left out of others' lists.
   */
  'GET /leaderboard': ok(LeaderboardResponse, { priority: 'deferrable', query: LeaderboardQuery }).summary(
    "A page of the leaderboard (standard competition ranking) and the caller's own rank and score breakdown",
  ),
});
