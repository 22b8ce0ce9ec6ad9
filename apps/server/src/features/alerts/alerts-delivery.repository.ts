import { sql } from 'kysely';
import { LOCAL_ALERT_LIMITS, type LocalAlertCategory } from '@saathi/shared';
import type { DbRef } from '../../core/db/db-ref';
import { enqueue, type OutboxMessage } from '../../core/outbox';

/** Fan-outs wait for each other, so two alerts going out together cannot both count a person's day before either has written it. */
const FANOUT_LOCK_KEY = 7_220_031;

/** A position given for alerts (or shared by a volunteer) counts this long as where the person is. */
export const CURRENT_LOCATION_FRESH_MS = 24 * 3600_000;

export interface PushedAlert {
  id: number;
  category: LocalAlertCategory;
  status: string;
  active: boolean;
  pointLatitude: number;
  pointLongitude: number;
  cellLatitude: number;
  cellLongitude: number;
  createdAt: Date;
  reporters: number;
  verifierRole: 'moderator' | 'responder' | null;
  verifierProfession: string | null;
}

export interface Recipient {
  userId: number;
  language: string;
  distanceM: number;
}

export interface FanoutDecision {
  /** The India calendar day the pushes count in. */
  indiaDay: string;
  /** Night, and not a category that may wake people: everyone is held to the list. */
  quiet: boolean;
  radiusM: number;
  now: Date;
}

/** The SQL of the alert pushes (alerts-delivery.ts). */
export function createAlertsDeliveryRepository(ref: DbRef) {
  async function alert(id: number, now: Date): Promise<PushedAlert | undefined> {
    const result = await sql<{
      id: number;
      category: LocalAlertCategory;
      status: string;
      active: boolean;
      plat: number;
      plon: number;
      clat: number;
      clon: number;
      created_at: Date | string;
      reporters: number;
      verifier_role: 'moderator' | 'responder' | null;
      verifier_profession: string | null;
    }>`
      SELECT id, category, status,
        status IN ('verified', 'corroborated') AND expires_at > ${now}::timestamptz AS active,
        ST_Y(location::geometry) AS plat, ST_X(location::geometry) AS plon,
        ST_Y(cell::geometry) AS clat, ST_X(cell::geometry) AS clon,
        created_at, reporters, verifier_role, verifier_profession
      FROM local_alerts WHERE id = ${id}`.execute(ref.db);
    const r = result.rows[0];
    if (!r) return undefined;
    return {
      id: r.id,
      category: r.category,
      status: r.status,
      active: r.active,
      pointLatitude: Number(r.plat),
      pointLongitude: Number(r.plon),
      cellLatitude: Number(r.clat),
      cellLongitude: Number(r.clon),
      createdAt: new Date(r.created_at),
      reporters: r.reporters,
      verifierRole: r.verifier_role,
      verifierProfession: r.verifier_profession,
    };
  }

  return {
    alert,

    /**
     * Decides every delivery of an alert in one statement: the people who opted in to its
     * category whose saved place, position given for alerts (as its cell) or shared volunteer
     * position (both fresh) is within the radius of the reported point, its reporters left out.
     * Each gets one row (never a second for the same alert): pushed while under the daily cap
     * and outside the night, else held for the list. The push jobs of each group are written in
     * the same transaction, so the decision and the work stand or fall together.
     */
    async decide(
      a: PushedAlert,
      decision: FanoutDecision,
      jobs: (rows: ReadonlyArray<{ user_id: number; pushed: boolean }>) => OutboxMessage[],
    ): Promise<{ pushed: number; held: number }> {
      const { indiaDay, quiet, radiusM, now } = decision;
      const point = sql`ST_SetSRID(ST_MakePoint(${a.pointLongitude}::float8, ${a.pointLatitude}::float8), 4326)::geography`;
      const cell = sql`ST_SetSRID(ST_MakePoint(${a.cellLongitude}::float8, ${a.cellLatitude}::float8), 4326)::geography`;
      const freshSince = new Date(now.getTime() - CURRENT_LOCATION_FRESH_MS);
      return ref.db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${FANOUT_LOCK_KEY})`.execute(trx);
        // Up to 100,000 candidates are grouped by person: in memory, not in temporary files.
        await sql`SET LOCAL work_mem = '32MB'`.execute(trx);
        const result = await sql<{ user_id: number; pushed: boolean }>`
          WITH places AS (
            SELECT sl.user_id, ST_Distance(sl.location, ${cell}, false) AS d
            FROM saved_locations sl
            WHERE ST_DWithin(sl.location, ${point}, ${radiusM}, false)
            UNION ALL
            SELECT s.user_id, ST_Distance(s.location_cell, ${cell}, false)
            FROM alert_settings s
            WHERE s.location_cell IS NOT NULL AND s.location_at >= ${freshSince}::timestamptz
              AND ST_DWithin(s.location_cell, ${point}, ${radiusM}, false)
            UNION ALL
            SELECT u.id, ST_Distance(u.last_location_cell, ${cell}, false)
            FROM users u
            WHERE u.available_for_community AND u.last_location_cell IS NOT NULL AND u.share_live_location
              AND u.last_location_at >= ${freshSince}::timestamptz
              AND ST_DWithin(u.last_location_cell, ${point}, ${radiusM}, false)
          ),
          nearest AS (
            SELECT user_id, min(d) AS d FROM places GROUP BY user_id
          ),
          chosen AS (
            SELECT n.user_id, n.d, today.pushes >= ${LOCAL_ALERT_LIMITS.pushesPerDay} AS capped
            FROM nearest n
            JOIN alert_settings s ON s.user_id = n.user_id AND ${a.category} = ANY (s.categories)
            CROSS JOIN LATERAL (
              SELECT count(*) AS pushes FROM local_alert_deliveries c
              WHERE c.user_id = n.user_id AND c.india_day = ${indiaDay}::date AND c.pushed
            ) today
            WHERE NOT EXISTS (SELECT 1 FROM local_alert_reports r WHERE r.alert_id = ${a.id} AND r.user_id = n.user_id)
          )
          INSERT INTO local_alert_deliveries (alert_id, user_id, india_day, pushed, held, distance_m, created_at)
          SELECT ${a.id}, user_id, ${indiaDay}::date,
            NOT ${quiet}::boolean AND NOT capped,
            CASE WHEN ${quiet}::boolean THEN 'quiet_hours' WHEN capped THEN 'daily_cap' END,
            round(d)::int, ${now}::timestamptz
          FROM chosen
          ON CONFLICT (alert_id, user_id) DO NOTHING
          RETURNING user_id, pushed`.execute(trx);
        await enqueue(trx, jobs(result.rows));
        const pushed = result.rows.filter((r) => r.pushed).length;
        return { pushed, held: result.rows.length - pushed };
      });
    },

    /**
     * The pushed deliveries among `userIds` that still need their push, marked as delivered in a
     * transaction that holds the alert (FOR SHARE) against a resolution: once the alert is
     * resolved, no delivery is marked any more, so the all-clear reads the final set. A
     * delivery marked by an attempt that stopped before its notification was written is taken
     * again. If the alert ended first, the pushes are cancelled (held as `ended`).
     */
    async claimPushes(alertId: number, userIds: readonly number[], now: Date, dedupeKey: string): Promise<Recipient[]> {
      return ref.db.transaction().execute(async (trx) => {
        const state = await sql<{ active: boolean }>`
          SELECT status IN ('verified', 'corroborated') AND expires_at > ${now}::timestamptz AS active
          FROM local_alerts WHERE id = ${alertId} FOR SHARE`.execute(trx);
        if (!state.rows[0]?.active) {
          await sql`
            UPDATE local_alert_deliveries SET pushed = false, held = 'ended'
            WHERE alert_id = ${alertId} AND user_id = ANY (${[...userIds]}::int[]) AND pushed AND delivered_at IS NULL`.execute(trx);
          return [];
        }
        const result = await sql<{ user_id: number; language: string; distance_m: number }>`
          UPDATE local_alert_deliveries d SET delivered_at = COALESCE(d.delivered_at, ${now}::timestamptz)
          FROM users u
          WHERE d.alert_id = ${alertId} AND d.user_id = ANY (${[...userIds]}::int[]) AND d.pushed AND u.id = d.user_id
            AND (d.delivered_at IS NULL
                 OR NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = d.user_id AND n.dedupe_key = ${dedupeKey}))
          RETURNING d.user_id, u.language, d.distance_m`.execute(trx);
        return result.rows.map((r) => ({ userId: r.user_id, language: r.language, distanceM: r.distance_m }));
      });
    },

    /** Held deliveries among `userIds` (their notification goes to the list without a push). */
    async held(alertId: number, userIds: readonly number[]): Promise<Recipient[]> {
      const result = await sql<{ user_id: number; language: string; distance_m: number }>`
        SELECT d.user_id, u.language, d.distance_m
        FROM local_alert_deliveries d JOIN users u ON u.id = d.user_id
        WHERE d.alert_id = ${alertId} AND d.user_id = ANY (${[...userIds]}::int[]) AND NOT d.pushed AND d.held <> 'ended'`.execute(ref.db);
      return result.rows.map((r) => ({ userId: r.user_id, language: r.language, distanceM: r.distance_m }));
    },

    /**
     * The people the alert's push reached, by user id after `afterUserId`. Read after the
     * resolution committed (the all-clear job is written with it), when no push can be marked
     * any more (claimPushes).
     */
    async pushedTo(alertId: number, afterUserId: number, limit: number): Promise<Recipient[]> {
      const result = await sql<{ user_id: number; language: string; distance_m: number }>`
        SELECT d.user_id, u.language, d.distance_m
        FROM local_alert_deliveries d JOIN users u ON u.id = d.user_id
        WHERE d.alert_id = ${alertId} AND d.pushed AND d.delivered_at IS NOT NULL AND d.user_id > ${afterUserId}
        ORDER BY d.user_id
        LIMIT ${limit}`.execute(ref.db);
      return result.rows.map((r) => ({ userId: r.user_id, language: r.language, distanceM: r.distance_m }));
    },

    /** An alert left unresolved ends by itself; returns whether this call ended it. */
    async expire(alertId: number, now: Date): Promise<boolean> {
      const result = await sql`
        UPDATE local_alerts SET status = 'expired'
        WHERE id = ${alertId} AND status IN ('unverified', 'verified', 'corroborated') AND expires_at <= ${now}::timestamptz`.execute(ref.db);
      return Number(result.numAffectedRows ?? 0) > 0;
    },
  };
}

export type AlertsDeliveryRepository = ReturnType<typeof createAlertsDeliveryRepository>;
