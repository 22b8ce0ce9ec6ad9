import { LEADERBOARD_MAX_RADIUS_M, type User } from '@saathi/shared';

/** One leaderboard the user can open: their city, their state, India, or near one of their saved places. */
export type LeaderboardTab =
  | { kind: 'city'; id: 'city'; place: string }
  | { kind: 'state'; id: 'state'; place: string }
  | { kind: 'country'; id: 'country' }
  | { kind: 'location'; id: `place-${number}`; place: string; latitude: number; longitude: number };

export type LeaderboardTabId = LeaderboardTab['id'];

/** What GET /leaderboard is asked for one tab (besides cursor and limit). */
export type LeaderboardScope =
  { scope: 'administrative'; region: 'city' | 'state' | 'country' } | { scope: 'location'; latitude: number; longitude: number; radius: number };

/**
 * The tabs in screen order: city, state, India, then one per saved place that is not a
 * business's (SPEC.md: leaderboard). A city or state the profile lacks has no tab: the server
 * could not rank it.
 */
export function leaderboardTabs(user: Pick<User, 'city' | 'state' | 'locations'>): LeaderboardTab[] {
  const tabs: LeaderboardTab[] = [];
  const city = user.city?.trim();
  const state = user.state?.trim();
  if (city) tabs.push({ kind: 'city', id: 'city', place: city });
  if (state) tabs.push({ kind: 'state', id: 'state', place: state });
  tabs.push({ kind: 'country', id: 'country' });
  for (const saved of user.locations) {
    if (saved.isBusinessLocation) continue;
    const [longitude, latitude] = saved.location.coordinates;
    tabs.push({ kind: 'location', id: `place-${saved.id}`, place: saved.name, latitude, longitude });
  }
  return tabs;
}

/** The tab that opens first: the city, else the state, else the first saved place, else India. */
export function defaultTab(tabs: readonly LeaderboardTab[]): LeaderboardTab {
  const preference: LeaderboardTab['kind'][] = ['city', 'state', 'location', 'country'];
  for (const kind of preference) {
    const tab = tabs.find((candidate) => candidate.kind === kind);
    if (tab) return tab;
  }
  return { kind: 'country', id: 'country' };
}

/** What GET /leaderboard is asked for a tab; a saved place is ranked within the widest circle allowed. */
export function scopeOf(tab: LeaderboardTab): LeaderboardScope {
  switch (tab.kind) {
    case 'city':
    case 'state':
      return { scope: 'administrative', region: tab.kind };
    case 'country':
      return { scope: 'administrative', region: 'country' };
    case 'location':
      return { scope: 'location', latitude: tab.latitude, longitude: tab.longitude, radius: LEADERBOARD_MAX_RADIUS_M };
  }
}
