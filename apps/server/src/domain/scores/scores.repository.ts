import { sql, type Kysely, type Transaction } from 'kysely';
import type { DbRef } from '../../core/db/db-ref';
import type { Database } from '../../core/db/schema';
import type { PointsLedgerTable, ScoreReason } from '../../core/db/tables/scores';

type Db = Kysely<Database> | Transaction<Database>;

/** What a user has done that can earn points, read in the transaction that awards them. */
export interface ScoreFacts {
  userId: number;
  /** Who referred them, when the referral can count (it exists and is no cycle back to them). */
  referrerId: number | null;
  isVerified: boolean;
  profileCompleted: boolean;
  /** India dates 'YYYY-MM-DD', oldest first. */
  activeDays: string[];
  /** Saved places that are not a business's. */
  personalPlaces: number;
  /** Of those, the places where they volunteer. */
  volunteerPlaces: number;
}

/** The net of the ledger for one earner, reason and source: units 1 means awarded now. */
export interface NetAward {
  userId: number;
  reason: ScoreReason;
  sourceId: string;
  units: number;
  points: number;
}

/** A ledger row as it is written (the table's own columns; created_at is the transaction's time). */
export type LedgerRow = Omit<PointsLedgerTable, 'id' | 'created_at'>;

/** user_scores columns of each reason: the count of sources and the points. */
export const REASON_COLUMNS = {
  referral: ['referrals', 'referral_points'],
  referral_location: ['referral_locations', 'referral_location_points'],
  volunteer_location: ['volunteer_locations', 'volunteer_location_points'],
  active_day: ['active_days', 'active_day_points'],
  referral_active_day: ['referral_active_days', 'referral_active_day_points'],
} as const satisfies Record<ScoreReason, readonly [string, string]>;

/** How far up a referral chain a cycle is looked for; longer chains are treated as a cycle. */
const MAX_REFERRAL_DEPTH = 64;

/** The ledger's queries, each run in the transaction it is given. */
export const scoresQueries = {
  /** Records the India date as a day the user was active; false when it already was one. */
  async addActiveDay(trx: Db, userId: number, day: string): Promise<boolean> {
    const row = await trx
      .insertInto('user_activity_days')
      .values({ user_id: userId, activity_date: day })
      .onConflict((oc) => oc.doNothing())
      .returning('user_id')
      .executeTakeFirst();
    return row !== undefined;
  },

  /**
   * Creates the users' score rows when missing and locks them, in id order so that two
   * transactions locking the same pair cannot deadlock.
   */
  async lockScores(trx: Db, userIds: number[], now: Date): Promise<void> {
    const ids = [...new Set(userIds)].sort((a, b) => a - b);
    await trx
      .insertInto('user_scores')
      .values(ids.map((id) => ({ user_id: id, reached_at: now })))
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    await trx.selectFrom('user_scores').select('user_id').where('user_id', 'in', ids).orderBy('user_id').forUpdate().execute();
  },

  async facts(trx: Db, userId: number): Promise<ScoreFacts | undefined> {
    const user = await trx.selectFrom('users').select(['id', 'referred_by', 'is_verified', 'profile_completed']).where('id', '=', userId).executeTakeFirst();
    if (!user) return undefined;
    const days = await trx.selectFrom('user_activity_days').select('activity_date').where('user_id', '=', userId).orderBy('activity_date').execute();
    const places = await trx
      .selectFrom('saved_locations')
      .select([
        sql<number>`count(*) FILTER (WHERE NOT is_business_location)::int`.as('personal'),
        sql<number>`count(*) FILTER (WHERE NOT is_business_location AND is_volunteer_location)::int`.as('volunteer'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const referrerId = user.referred_by !== null && !(await scoresQueries.referralLoopsBack(trx, userId, user.referred_by)) ? user.referred_by : null;
    return {
      userId,
      referrerId,
      isVerified: user.is_verified,
      profileCompleted: user.profile_completed,
      activeDays: days.map((day) => day.activity_date),
      personalPlaces: places.personal,
      volunteerPlaces: places.volunteer,
    };
  },

  /** Whether following referred_by up from the referrer comes back to the user (a cycle). */
  async referralLoopsBack(trx: Db, userId: number, referrerId: number): Promise<boolean> {
    if (referrerId === userId) return true;
    const { rows } = await sql<{ loops: boolean }>`
        WITH RECURSIVE chain (id, depth) AS (
          SELECT ${referrerId}::int, 1
          UNION ALL
          SELECT u.referred_by, c.depth + 1
          FROM chain c JOIN users u ON u.id = c.id
          WHERE u.referred_by IS NOT NULL AND c.id <> ${userId} AND c.depth <= ${MAX_REFERRAL_DEPTH}
        )
        SELECT bool_or(id = ${userId} OR depth > ${MAX_REFERRAL_DEPTH}) AS loops FROM chain
      `.execute(trx);
    return rows[0]?.loops ?? false;
  },

  /** The ledger's net per earner, reason and source, for every award about the user's actions. */
  async netAwardsAbout(trx: Db, userId: number): Promise<NetAward[]> {
    return trx
      .selectFrom('points_ledger')
      .select(['user_id as userId', 'reason', 'source_id as sourceId', sql<number>`sum(units)::int`.as('units'), sql<number>`sum(points)::int`.as('points')])
      .where('about_user_id', '=', userId)
      .groupBy(['user_id', 'reason', 'source_id'])
      .execute();
  },

  /** Appends ledger rows and moves each earner's totals by them, in the caller's transaction. */
  async append(trx: Db, rows: LedgerRow[], now: Date): Promise<void> {
    if (rows.length === 0) return;
    await trx
      .insertInto('points_ledger')
      .values(rows.map((row) => ({ ...row, created_at: now })))
      .execute();
    for (const [userId, deltas] of groupDeltas(rows)) {
      await trx
        .updateTable('user_scores')
        .set((eb) => {
          const set: Record<string, unknown> = { reached_at: now, total: eb('total', '+', deltas.total) };
          for (const [reason, delta] of deltas.byReason) {
            const [countColumn, pointsColumn] = REASON_COLUMNS[reason];
            set[countColumn] = eb(countColumn, '+', delta.units);
            set[pointsColumn] = eb(pointsColumn, '+', delta.points);
          }
          return set;
        })
        .where('user_id', '=', userId)
        .execute();
    }
  },

  /** Copies what the ranking filters on from the profile: city, state and who may be listed from when. */
  async syncProfile(trx: Db, userId: number): Promise<void> {
    await sql`
        UPDATE user_scores s SET
          city_key = nullif(lower(btrim(u.city)), ''),
          state_key = nullif(lower(btrim(u.state)), ''),
          listed_from = CASE WHEN u.show_on_leaderboard AND u.dob IS NOT NULL AND btrim(coalesce(u.name, '')) <> ''
                        THEN (u.dob + interval '18 years')::date END
        FROM users u
        WHERE s.user_id = u.id AND u.id = ${userId}
      `.execute(trx);
  },

  /** Recomputes every user's totals from the ledger alone (see rebuildTotals). */
  rebuildTotals,
};

export function createScoresRepository(ref: DbRef) {
  return {
    ...scoresQueries,
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return ref.db.transaction().execute(work);
    },
  };
}

/**
 * Recomputes every user's totals from the ledger alone (users without rows read zero), for
 * the `scores:rebuild` command. Returns how many score rows it wrote.
 */
export async function rebuildTotals(trx: Db): Promise<number> {
  const result = await sql`
      WITH per_reason AS (
        SELECT user_id, reason, sum(units)::int AS units, sum(points)::int AS points, max(created_at) AS last_at
        FROM points_ledger GROUP BY user_id, reason
      ),
      per_user AS (
        SELECT user_id,
          sum(points)::int AS total,
          max(last_at) AS reached_at,
          ${sql.join(
            Object.entries(REASON_COLUMNS).flatMap(([reason, [countColumn, pointsColumn]]) => [
              sql`coalesce(sum(units) FILTER (WHERE reason = ${reason}), 0)::int AS ${sql.ref(countColumn)}`,
              sql`coalesce(sum(points) FILTER (WHERE reason = ${reason}), 0)::int AS ${sql.ref(pointsColumn)}`,
            ]),
          )}
        FROM per_reason GROUP BY user_id
      )
      UPDATE user_scores s SET
        total = coalesce(p.total, 0),
        reached_at = coalesce(p.reached_at, s.reached_at),
        ${sql.join(Object.values(REASON_COLUMNS).flatMap((columns) => columns.map((column) => sql`${sql.ref(column)} = coalesce(p.${sql.ref(column)}, 0)`)))}
      FROM user_scores s2 LEFT JOIN per_user p ON p.user_id = s2.user_id
      WHERE s.user_id = s2.user_id
      RETURNING s.user_id
    `.execute(trx);
  return result.rows.length;
}

function groupDeltas(rows: LedgerRow[]) {
  const byUser = new Map<number, { total: number; byReason: Map<ScoreReason, { units: number; points: number }> }>();
  for (const row of rows) {
    const user = byUser.get(row.user_id) ?? { total: 0, byReason: new Map<ScoreReason, { units: number; points: number }>() };
    const reason = user.byReason.get(row.reason) ?? { units: 0, points: 0 };
    reason.units += row.units;
    reason.points += row.points;
    user.total += row.points;
    user.byReason.set(row.reason, reason);
    byUser.set(row.user_id, user);
  }
  return byUser;
}

export type ScoresRepository = ReturnType<typeof createScoresRepository>;
