import { sql, type RawBuilder } from 'kysely';
import type { LatLon } from '@saathi/shared';
import type { DbRef } from '../../core/db/db-ref';
import { geoPoint } from '../../core/db/geo';

/** Whose scores a leaderboard ranks. City and state are matched lower-cased and trimmed. */
export type RankScope =
  | { kind: 'country' }
  | { kind: 'state'; state: string }
  | { kind: 'city'; city: string; state: string | null }
  | { kind: 'location'; centre: LatLon; radiusM: number };

/** A position in the ranking order: total (high first), then who reached it first, then id. */
export interface RankPosition {
  total: number;
  reachedAt: Date;
  userId: number;
}

export interface RankedRow {
  id: number;
  name: string | null;
  total: number;
  reachedAt: Date;
}

export interface OwnScore {
  name: string | null;
  total: number;
  referrals: number;
  referralPoints: number;
  referralLocations: number;
  referralLocationPoints: number;
  volunteerLocations: number;
  volunteerLocationPoints: number;
  activeDays: number;
  activeDayPoints: number;
  referralActiveDays: number;
  referralActiveDayPoints: number;
  listedFrom: string | null;
}

/**
 * The scope as a condition on user_scores `s`. City and state read their own indexes
 * (user_scores_city_idx, user_scores_state_idx); a location scope looks up saved places (not
 * businesses') in the circle through saved_locations' GiST index.
 */
function inScope(scope: RankScope): RawBuilder<boolean> {
  switch (scope.kind) {
    case 'country':
      return sql<boolean>`true`;
    case 'state':
      return sql<boolean>`s.state_key = ${key(scope.state)}`;
    case 'city':
      return scope.state === null
        ? sql<boolean>`s.city_key = ${key(scope.city)}`
        : sql<boolean>`s.city_key = ${key(scope.city)} AND s.state_key = ${key(scope.state)}`;
    case 'location':
      return sql<boolean>`s.user_id IN (
        SELECT sl.user_id FROM saved_locations sl
        WHERE NOT sl.is_business_location AND ST_DWithin(sl.location, ${geoPoint(scope.centre)}, ${scope.radiusM})
      )`;
  }
}

/** As user_scores stores it (migration 0017). */
function key(place: string): string {
  return place.trim().toLowerCase();
}

export function createLeaderboardRepository(ref: DbRef) {
  return {
    /** Listed users in scope, in ranking order, after `after` (exclusive) when given. */
    async page(scope: RankScope, today: string, limit: number, after: RankPosition | null): Promise<RankedRow[]> {
      const afterCondition = after
        ? sql`AND (s.total < ${after.total}
              OR (s.total = ${after.total} AND (s.reached_at > ${after.reachedAt} OR (s.reached_at = ${after.reachedAt} AND s.user_id > ${after.userId}))))`
        : sql``;
      const { rows } = await sql<RankedRow>`
        SELECT s.user_id AS id, u.name, s.total, s.reached_at AS "reachedAt"
        FROM user_scores s
        JOIN users u ON u.id = s.user_id
        WHERE ${inScope(scope)} AND s.listed_from <= ${today}::date ${afterCondition}
        ORDER BY s.total DESC, s.reached_at, s.user_id
        LIMIT ${limit}
      `.execute(ref.db);
      return rows;
    },

    /** How many listed users in scope, other than `userId`, score more than `total`. */
    async countAbove(scope: RankScope, today: string, total: number, userId: number): Promise<number> {
      const { rows } = await sql<{ above: number }>`
        SELECT count(*)::int AS above
        FROM user_scores s
        WHERE ${inScope(scope)} AND s.listed_from <= ${today}::date AND s.total > ${total} AND s.user_id <> ${userId}
      `.execute(ref.db);
      return rows[0]?.above ?? 0;
    },

    /** The user's own totals (zero before they have earned anything). */
    async ownScore(userId: number): Promise<OwnScore | undefined> {
      return ref.db
        .selectFrom('users as u')
        .leftJoin('user_scores as s', 's.user_id', 'u.id')
        .select((eb) => [
          'u.name',
          eb.fn.coalesce('s.total', sql<number>`0`).as('total'),
          eb.fn.coalesce('s.referrals', sql<number>`0`).as('referrals'),
          eb.fn.coalesce('s.referral_points', sql<number>`0`).as('referralPoints'),
          eb.fn.coalesce('s.referral_locations', sql<number>`0`).as('referralLocations'),
          eb.fn.coalesce('s.referral_location_points', sql<number>`0`).as('referralLocationPoints'),
          eb.fn.coalesce('s.volunteer_locations', sql<number>`0`).as('volunteerLocations'),
          eb.fn.coalesce('s.volunteer_location_points', sql<number>`0`).as('volunteerLocationPoints'),
          eb.fn.coalesce('s.active_days', sql<number>`0`).as('activeDays'),
          eb.fn.coalesce('s.active_day_points', sql<number>`0`).as('activeDayPoints'),
          eb.fn.coalesce('s.referral_active_days', sql<number>`0`).as('referralActiveDays'),
          eb.fn.coalesce('s.referral_active_day_points', sql<number>`0`).as('referralActiveDayPoints'),
          's.listed_from as listedFrom',
        ])
        .where('u.id', '=', userId)
        .executeTakeFirst();
    },

    /** The caller's city and state as typed in the profile. */
    async homePlace(userId: number): Promise<{ city: string | null; state: string | null } | undefined> {
      return ref.db.selectFrom('users').select(['city', 'state']).where('id', '=', userId).executeTakeFirst();
    },
  };
}

export type LeaderboardRepository = ReturnType<typeof createLeaderboardRepository>;
