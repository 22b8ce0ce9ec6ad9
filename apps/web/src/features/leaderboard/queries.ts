import type { LeaderboardResponse } from '@saathi/shared';
import { api } from '../../lib/api-client';
import { useCursorPagesQuery } from '../../lib/cursor-paging';
import { scopeOf, type LeaderboardScope, type LeaderboardTab } from './tabs';

/** Rows per page: a phone screen and a half, so the next page is asked for before the end shows. */
export const LEADERBOARD_PAGE_SIZE = 20;
/** Scores move a few points a day; a minute is fresh enough and spares refetching on every tab switch. */
export const LEADERBOARD_STALE_TIME_MS = 60_000;

export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  scope: (scope: LeaderboardScope) => [...leaderboardKeys.all, scope] as const,
};

export function fetchLeaderboardPage(scope: LeaderboardScope, cursor: string | null, signal?: AbortSignal): Promise<LeaderboardResponse> {
  return api.call('GET /leaderboard', { query: { ...scope, limit: LEADERBOARD_PAGE_SIZE, ...(cursor ? { cursor } : {}) }, signal });
}

/** One tab's ranking, page by page (each tab keeps its own pages, so switching back is instant). */
export function useLeaderboardQuery(tab: LeaderboardTab) {
  const scope = scopeOf(tab);
  return useCursorPagesQuery(leaderboardKeys.scope(scope), (cursor, signal) => fetchLeaderboardPage(scope, cursor, signal), {
    staleTime: LEADERBOARD_STALE_TIME_MS,
  });
}
