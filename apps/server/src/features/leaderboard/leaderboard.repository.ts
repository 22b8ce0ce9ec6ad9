import { sql, type RawBuilder } from 'kysely';
import type { LatLon } from '@saathi/shared';
import type { DbRef } from '../../core/db/db-ref';
import { geoPoint } from '../../core/db/geo';
import { circleCells } from './circle-cells';

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

type AdministrativeScope = Exclude<RankScope, { kind: 'location' }>;

/** An administrative scope as a condition on user_scores `s`, read through its city and state indexes. */
function inPlace(scope: AdministrativeScope): RawBuilder<boolean> {
  switch (scope.kind) {
    case 'country':
      return sql<boolean>`true`;
    case 'state':
      return sql<boolean>`s.state_key = ${placeKey(scope.state)}`;
    case 'city':
      return scope.state === null
        ? sql<boolean>`s.city_key = ${placeKey(scope.city)}`
        : sql<boolean>`s.city_key = ${placeKey(scope.city)} AND s.state_key = ${placeKey(scope.state)}`;
  }
}

/**
 * The users listed today in a scope, as a FROM item of (user_id, total, reached_at). A place
 * scope reads user_scores (the planner folds the subquery into the outer query, so a page
 * walks a ranking index); a circle reads leaderboard_places through the grid cells it covers
 * (migration 0019), testing the distance only in the cells its edge crosses, and UNION keeps
 * one row per user with several places inside.
 */
function listedIn(scope: RankScope, today: string): RawBuilder<unknown> {
  if (scope.kind !== 'location') {
    return sql`(SELECT s.user_id, s.total, s.reached_at FROM user_scores s WHERE ${inPlace(scope)} AND s.listed_from <= ${today}::date)`;
  }
  const { inside, edge } = circleCells(scope.centre, scope.radiusM);
  return sql`(
    SELECT p.user_id, p.total, p.reached_at FROM leaderboard_places p
    WHERE p.cell = ANY(${inside}::integer[]) AND p.listed_from <= ${today}::date
    UNION
    SELECT p.user_id, p.total, p.reached_at FROM leaderboard_places p
    WHERE p.cell = ANY(${edge}::integer[]) AND p.listed_from <= ${today}::date
      AND ST_DWithin(p.location, ${geoPoint(scope.centre)}, ${scope.radiusM})
  )`;
}

/** A city or state as user_scores keeps it (migration 0017): lower-cased and trimmed by the database. */
function placeKey(place: string): RawBuilder<string> {
  return sql<string>`lower(btrim(${place}))`;
}

/**
 * The leaderboard_tallies scope of a country, state or city (with its state) ranking; null for
 * the scopes it does not keep (a city named without its state, a circle), which are counted.
 */
function tallyScope(scope: AdministrativeScope): RawBuilder<string> | null {
  switch (scope.kind) {
    case 'country':
      return sql<string>`'country'`;
    case 'state':
      return sql<string>`'state:' || ${placeKey(scope.state)}`;
    case 'city':
      return scope.state === null ? null : sql<string>`'city:' || ${placeKey(scope.state)} || '|' || ${placeKey(scope.city)}`;
  }
}

export function createLeaderboardRepository(ref: DbRef) {
  return {
    /** Listed users in scope, in ranking order, after `after` (exclusive) when given. */
    async page(scope: RankScope, today: string, limit: number, after: RankPosition | null): Promise<RankedRow[]> {
      const afterCondition = after
        ? sql`AND (s.total < ${after.total}
              OR (s.total = ${after.total} AND (s.reached_at > ${after.reachedAt} OR (s.reached_at = ${after.reachedAt} AND s.user_id > ${after.userId}))))`
        : sql``;
      // Names are joined to the page only: a scope holds thousands.
      const { rows } = await sql<RankedRow>`
        SELECT p.user_id AS id, u.name, p.total, p.reached_at AS "reachedAt"
        FROM (
          SELECT s.user_id, s.total, s.reached_at
          FROM ${listedIn(scope, today)} s
          WHERE true ${afterCondition}
          ORDER BY s.total DESC, s.reached_at, s.user_id
          LIMIT ${limit}
        ) p
        JOIN users u ON u.id = p.user_id
        ORDER BY p.total DESC, p.reached_at, p.user_id
      `.execute(ref.db);
      return rows;
    },

    /**
     * How many listed users in scope, other than `userId`, score more than `total`. Where the
     * scope has tallies: everyone who may be listed, from the tallies, less those listed only
     * from a later day (under 18 today, a small range of user_scores_listed_from_idx).
     */
    async countAbove(scope: RankScope, today: string, total: number, userId: number): Promise<number> {
      const tally = scope.kind === 'location' ? null : tallyScope(scope);
      if (tally && scope.kind !== 'location') {
        const { rows } = await sql<{ above: number }>`
          SELECT (coalesce((SELECT sum(t.users) FROM leaderboard_tallies t WHERE t.scope = ${tally} AND t.total > ${total}), 0)
            - (SELECT count(*) FROM user_scores s WHERE ${inPlace(scope)} AND s.listed_from > ${today}::date AND s.total > ${total}))::int AS above
        `.execute(ref.db);
        return rows[0]?.above ?? 0;
      }
      const { rows } = await sql<{ above: number }>`
        SELECT count(*)::int AS above FROM ${listedIn(scope, today)} s WHERE s.total > ${total} AND s.user_id <> ${userId}
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
