import { sql, type Kysely, type Transaction } from 'kysely';
import { LOCAL_ALERT_LIMITS, type LatLon, type LocalAlertCategory, type LocalAlertStatus } from '@saathi/shared';
import type { DbRef } from '../../core/db/db-ref';
import { geoPoint } from '../../core/db/geo';
import type { Database } from '../../core/db/schema';
import { enqueue, type OutboxMessage } from '../../core/outbox';
import { toDate, toDateOrNull } from '../../core/db/row-values';

type Db = Kysely<Database> | Transaction<Database>;

/** Reports wait for each other (a few a minute at most): two reports of one incident never open two alerts. Any fixed key, used for nothing else. */
const REPORT_LOCK_KEY = 7_220_030;

/** Statuses an alert is listed and pushed in; `expires_at` ends them too before the expiry job has run. */
export const ACTIVE_STATUSES = ['unverified', 'verified', 'corroborated'] as const;
const ACTIVE_SQL = sql.raw(`('unverified', 'verified', 'corroborated')`);

/** An alert as the service reads it: the cell, never the point; whether the caller reported it, never who did. */
export interface AlertRecord {
  id: number;
  category: LocalAlertCategory;
  /** `expired` once past its time, even before the expiry job has run. */
  status: LocalAlertStatus;
  cellLatitude: number;
  cellLongitude: number;
  text: string;
  reporters: number;
  verifierRole: 'moderator' | 'responder' | null;
  verifierProfession: string | null;
  createdAt: Date;
  verifiedAt: Date | null;
  resolvedAt: Date | null;
  expiresAt: Date;
  pushedAt: Date | null;
  /** The caller opened it (may resolve it). */
  openedByCaller: boolean;
  /** The caller is among its reporters. */
  reportedByCaller: boolean;
  distanceM?: number;
}

interface AlertRow {
  id: number;
  category: LocalAlertCategory;
  status: LocalAlertStatus;
  lat: number;
  lon: number;
  text: string;
  reporters: number;
  verifier_role: 'moderator' | 'responder' | null;
  verifier_profession: string | null;
  created_at: Date | string;
  verified_at: Date | string | null;
  resolved_at: Date | string | null;
  expires_at: Date | string;
  pushed_at: Date | string | null;
  opened_by_caller: boolean;
  reported_by_caller: boolean;
  distance_m?: number;
}

function toRecord(r: AlertRow): AlertRecord {
  return {
    id: r.id,
    category: r.category,
    status: r.status,
    cellLatitude: Number(r.lat),
    cellLongitude: Number(r.lon),
    text: r.text,
    reporters: r.reporters,
    verifierRole: r.verifier_role,
    verifierProfession: r.verifier_profession,
    createdAt: toDate(r.created_at),
    verifiedAt: toDateOrNull(r.verified_at),
    resolvedAt: toDateOrNull(r.resolved_at),
    expiresAt: toDate(r.expires_at),
    pushedAt: toDateOrNull(r.pushed_at),
    openedByCaller: r.opened_by_caller,
    reportedByCaller: r.reported_by_caller,
    ...(r.distance_m === undefined ? {} : { distanceM: Math.round(Number(r.distance_m)) }),
  };
}

/** The columns every read of an alert selects, for `callerId` at `now`. */
const alertColumns = (callerId: number, now: Date) => sql`
  a.id, a.category,
  CASE WHEN a.status IN ${ACTIVE_SQL} AND a.expires_at <= ${now}::timestamptz THEN 'expired' ELSE a.status END AS status,
  ST_Y(a.cell::geometry) AS lat, ST_X(a.cell::geometry) AS lon,
  a.text, a.reporters, a.verifier_role, a.verifier_profession,
  a.created_at, a.verified_at, a.resolved_at, a.expires_at, a.pushed_at,
  COALESCE(a.reporter_id = ${callerId}, false) AS opened_by_caller,
  EXISTS (SELECT 1 FROM local_alert_reports r WHERE r.alert_id = a.id AND r.user_id = ${callerId}) AS reported_by_caller`;

/** Who the caller is for alerts: age, management role, responder badge. */
export interface CallerRecord {
  dob: string | null;
  roles: string[];
  /** Set while the responder badge is valid at `now`. */
  verifiedProfession: string | null;
}

export interface NewReport {
  userId: number;
  category: LocalAlertCategory;
  at: LatLon;
  text: string;
  reelId: number | null;
  now: Date;
  indiaDay: string;
}

export type ReportOutcome = { kind: 'limit' } | { kind: 'reported'; id: number; status: LocalAlertStatus; opened: boolean };

export function createAlertsRepository(ref: DbRef) {
  return {
    async caller(userId: number, now: Date): Promise<CallerRecord | undefined> {
      const row = await ref.db
        .selectFrom('users')
        .select(['dob', 'roles', sql<string | null>`CASE WHEN verified_until > ${now}::timestamptz THEN verified_profession END`.as('profession')])
        .where('id', '=', userId)
        .executeTakeFirst();
      return row && { dob: row.dob, roles: row.roles, verifiedProfession: row.profession };
    },

    async ownsReel(userId: number, reelId: number): Promise<boolean> {
      const row = await ref.db.selectFrom('incidents').select('id').where('id', '=', reelId).where('uploader_id', '=', userId).executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Records a report under one lock for all reports: the reporter's count for the India day,
     * then the nearest active alert of the same category within 500 m of the report, which it
     * joins, or a new alert (with its expiry job). The third different person within 30 minutes
     * corroborates an unverified alert, and its fan-out job is written in the same transaction.
     */
    async report(
      input: NewReport,
      messages: { fanout: (id: number) => OutboxMessage; expire: (id: number, at: Date) => OutboxMessage },
    ): Promise<ReportOutcome> {
      const { userId, category, at, text, reelId, now, indiaDay } = input;
      const point = geoPoint(at);
      return ref.db.transaction().execute(async (trx): Promise<ReportOutcome> => {
        await sql`SELECT pg_advisory_xact_lock(${REPORT_LOCK_KEY})`.execute(trx);
        const today = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM local_alert_reports WHERE user_id = ${userId} AND india_day = ${indiaDay}::date`.execute(trx);
        if ((today.rows[0]?.n ?? 0) >= LOCAL_ALERT_LIMITS.reportsPerDay) return { kind: 'limit' };

        const joined = await sql<{ id: number; status: LocalAlertStatus }>`
          SELECT id, status FROM local_alerts
          WHERE category = ${category} AND status IN ${ACTIVE_SQL} AND expires_at > ${now}::timestamptz
            AND ST_DWithin(location, ${point}, ${LOCAL_ALERT_LIMITS.corroborationRadiusM})
          ORDER BY ST_Distance(location, ${point}), id
          LIMIT 1
          FOR UPDATE`.execute(trx);
        const found = joined.rows[0];
        let id: number;
        let status: LocalAlertStatus = 'unverified';
        if (found) {
          id = found.id;
          status = found.status;
        } else {
          const expiresAt = new Date(now.getTime() + LOCAL_ALERT_LIMITS.expiryHours * 3600_000);
          const inserted = await trx
            .insertInto('local_alerts')
            .values({
              category,
              location: point,
              text,
              reporter_id: userId,
              reel_id: reelId,
              expires_at: expiresAt,
              created_at: now,
              last_report_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          id = inserted.id;
          await enqueue(trx, [messages.expire(id, expiresAt)]);
        }
        await trx
          .insertInto('local_alert_reports')
          .values({ alert_id: id, user_id: userId, location: point, text, reel_id: reelId, india_day: indiaDay, created_at: now })
          .execute();
        if (!found) return { kind: 'reported', id, status, opened: true };

        const since = new Date(now.getTime() - LOCAL_ALERT_LIMITS.corroborationMinutes * 60_000);
        const counts = await sql<{ reporters: number; recent: number }>`
          SELECT count(DISTINCT user_id)::int AS reporters,
                 count(DISTINCT user_id) FILTER (WHERE created_at >= ${since}::timestamptz)::int AS recent
          FROM local_alert_reports WHERE alert_id = ${id}`.execute(trx);
        const { reporters, recent } = counts.rows[0] ?? { reporters: 1, recent: 1 };
        const corroborates = status === 'unverified' && recent >= LOCAL_ALERT_LIMITS.corroborationReports;
        const updated = await sql<{ first_push: boolean }>`
          UPDATE local_alerts a SET reporters = ${reporters}, last_report_at = ${now}::timestamptz
            ${corroborates ? sql`, status = 'corroborated', corroborated_at = ${now}::timestamptz, pushed_at = COALESCE(a.pushed_at, ${now}::timestamptz)` : sql``}
          FROM (SELECT pushed_at FROM local_alerts WHERE id = ${id}) before
          WHERE a.id = ${id}
          RETURNING before.pushed_at IS NULL AS first_push`.execute(trx);
        if (corroborates) {
          status = 'corroborated';
          if (updated.rows[0]?.first_push) await enqueue(trx, [messages.fanout(id)]);
        }
        return { kind: 'reported', id, status, opened: false };
      });
    },

    async find(id: number, callerId: number, now: Date, db: Db = ref.db): Promise<AlertRecord | undefined> {
      const result = await sql<AlertRow>`SELECT ${alertColumns(callerId, now)} FROM local_alerts a WHERE a.id = ${id}`.execute(db);
      const row = result.rows[0];
      return row && toRecord(row);
    },

    /** Active alerts whose cell centre is within `radiusM` of `origin`, nearest first (the cell, never the point, is measured). */
    async nearby(origin: LatLon, radiusM: number, callerId: number, now: Date, limit: number): Promise<AlertRecord[]> {
      const from = geoPoint(origin);
      const result = await sql<AlertRow>`
        SELECT ${alertColumns(callerId, now)}, ST_Distance(a.cell, ${from}) AS distance_m
        FROM local_alerts a
        WHERE a.status IN ${ACTIVE_SQL} AND a.expires_at > ${now}::timestamptz
          AND ST_DWithin(a.cell, ${from}, ${radiusM})
        ORDER BY distance_m, a.id
        LIMIT ${limit}`.execute(ref.db);
      return result.rows.map(toRecord);
    },

    /** A verification or a resolution runs with the alert locked (lock), so the pushes being marked and the all-clear never cross it. */
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return ref.db.transaction().execute(work);
    },

    async lock(trx: Transaction<Database>, id: number): Promise<boolean> {
      const result = await sql`SELECT id FROM local_alerts WHERE id = ${id} FOR UPDATE`.execute(trx);
      return result.rows.length > 0;
    },

    /** Marks a verification; returns whether this is the alert's first push (its fan-out job is then written). */
    async verify(
      trx: Transaction<Database>,
      id: number,
      by: { userId: number; role: 'moderator' | 'responder'; profession: string | null },
      now: Date,
      fanout: OutboxMessage,
    ): Promise<void> {
      const result = await sql<{ first_push: boolean }>`
        UPDATE local_alerts a
        SET status = 'verified', verifier_role = ${by.role}, verifier_profession = ${by.profession}, verified_by = ${by.userId},
            verified_at = ${now}::timestamptz, pushed_at = COALESCE(a.pushed_at, ${now}::timestamptz)
        FROM (SELECT pushed_at FROM local_alerts WHERE id = ${id}) before
        WHERE a.id = ${id}
        RETURNING before.pushed_at IS NULL AS first_push`.execute(trx);
      if (result.rows[0]?.first_push) await enqueue(trx, [fanout]);
    },

    /** Ends the alert; the all-clear job is written with it when the alert was pushed. */
    async resolve(trx: Transaction<Database>, id: number, role: 'moderator' | 'responder' | 'reporter', now: Date, allClear: OutboxMessage): Promise<void> {
      const result = await sql<{ pushed: boolean }>`
        UPDATE local_alerts SET status = 'resolved', resolved_at = ${now}::timestamptz, resolved_by_role = ${role}
        WHERE id = ${id}
        RETURNING pushed_at IS NOT NULL AS pushed`.execute(trx);
      if (result.rows[0]?.pushed) await enqueue(trx, [allClear]);
    },

    async settings(userId: number): Promise<{ categories: LocalAlertCategory[]; locationAt: Date | null } | undefined> {
      const row = await ref.db.selectFrom('alert_settings').select(['categories', 'location_at']).where('user_id', '=', userId).executeTakeFirst();
      return row && { categories: row.categories as LocalAlertCategory[], locationAt: toDateOrNull(row.location_at) };
    },

    /** `location`: undefined keeps the stored cell, null forgets it, a point stores its cell only. */
    async saveSettings(userId: number, categories: readonly LocalAlertCategory[], location: LatLon | null | undefined, now: Date): Promise<void> {
      const cell = location ? sql<string>`volunteer_cell(${geoPoint(location)})` : null;
      const locationColumns = location === undefined ? {} : { location_cell: cell, location_at: location ? now : null };
      await ref.db
        .insertInto('alert_settings')
        .values({ user_id: userId, categories: [...categories], updated_at: now, ...locationColumns })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ categories: [...categories], updated_at: now, ...locationColumns }))
        .execute();
    },
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
