import { sql, type Kysely, type Transaction } from 'kysely';
import { DEFAULT_LANGUAGE, isLanguage, type Language, type SmsStatus } from '@saathi/shared';
import type { DbRef } from '../../core/db/db-ref';
import type { Database } from '../../core/db/schema';
import type { SafetyTimerDbStage, SafetyTimerStatus } from '../../core/db/tables/safety-timer';
import { enqueue, type OutboxMessage } from '../../core/outbox';
import { toDateOrNull } from '../../core/db/row-values';

type Db = Kysely<Database> | Transaction<Database>;

export interface TimerRecord {
  id: number;
  /** A journey's timer (features/journeys) speaks of the journey in its texts. */
  kind: 'timer' | 'journey';
  userId: number;
  ownerName: string | null;
  ownerLanguage: Language;
  /** The owner's own number: never texted as their contact. */
  ownerPhone: string;
  status: SafetyTimerStatus;
  stage: SafetyTimerDbStage;
  endReason: 'safe' | 'duress' | null;
  durationMinutes: number;
  extendedMinutes: number;
  destination: string | null;
  contactIds: number[] | null;
  /** The chosen contacts as they were at the start; null: every contact. */
  chosenContacts: Array<{ name: string; phone: string }> | null;
  contactsOnly: boolean;
  startedAt: Date;
  dueAt: Date;
  endedAt: Date | null;
  wrongPins: number;
  contactsAlertedAt: Date | null;
  silentAlertAt: Date | null;
  sosEventId: number | null;
  location: { latitude: number; longitude: number; accuracy: number | null; at: Date } | null;
}

/** An emergency contact the timer alerts: a user of the app too when their number is one. */
export interface TimerContact {
  name: string;
  phone: string;
  userId: number | null;
  language: Language | null;
}

const appLanguage = (value: string | null): Language | null => (value === null ? null : isLanguage(value) ? value : DEFAULT_LANGUAGE);

const selectTimer = (db: Db) =>
  db
    .selectFrom('safety_timers as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .selectAll('t')
    .select(['u.name as owner_name', 'u.language as owner_language', 'u.phone_number as owner_phone']);

type TimerRow = Awaited<ReturnType<ReturnType<typeof selectTimer>['executeTakeFirstOrThrow']>>;

function toTimer(r: TimerRow): TimerRecord {
  return {
    id: r.id,
    kind: r.kind,
    userId: r.user_id,
    ownerName: r.owner_name,
    ownerLanguage: appLanguage(r.owner_language) ?? DEFAULT_LANGUAGE,
    ownerPhone: r.owner_phone,
    status: r.status,
    stage: r.stage,
    endReason: r.end_reason,
    durationMinutes: r.duration_minutes,
    extendedMinutes: r.extended_minutes,
    destination: r.destination,
    contactIds: r.contact_ids,
    chosenContacts: r.chosen_contacts,
    contactsOnly: r.contacts_only,
    startedAt: new Date(r.started_at),
    dueAt: new Date(r.due_at),
    endedAt: toDateOrNull(r.ended_at),
    wrongPins: r.wrong_pins,
    contactsAlertedAt: toDateOrNull(r.contacts_alerted_at),
    silentAlertAt: toDateOrNull(r.silent_alert_at),
    sosEventId: r.sos_event_id,
    location:
      r.last_lat === null || r.last_lon === null
        ? null
        : { latitude: r.last_lat, longitude: r.last_lon, accuracy: r.last_accuracy_m, at: new Date(r.last_location_at ?? r.started_at) },
  };
}

/** A timer as `start` writes it: the chosen settings, and the first position if the phone gave one. */
export type NewTimer = Pick<
  TimerRecord,
  'kind' | 'userId' | 'durationMinutes' | 'destination' | 'contactIds' | 'chosenContacts' | 'contactsOnly' | 'startedAt' | 'dueAt'
> & {
  location: { latitude: number; longitude: number; accuracy: number | null } | null;
};

export function createSafetyTimerRepository(ref: DbRef) {
  return {
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return ref.db.transaction().execute(work);
    },

    enqueue(messages: readonly OutboxMessage[], db: Db = ref.db): Promise<void> {
      return enqueue(db, messages);
    },

    async pinHashes(userId: number): Promise<{ safety: string; duress: string } | undefined> {
      const row = await ref.db.selectFrom('safety_pins').select(['safety_hash', 'duress_hash']).where('user_id', '=', userId).executeTakeFirst();
      return row ? { safety: row.safety_hash, duress: row.duress_hash } : undefined;
    },

    async savePins(userId: number, safetyHash: string, duressHash: string, now: Date): Promise<void> {
      await ref.db
        .insertInto('safety_pins')
        .values({ user_id: userId, safety_hash: safetyHash, duress_hash: duressHash, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ safety_hash: safetyHash, duress_hash: duressHash, updated_at: now }))
        .execute();
    },

    /** The caller's emergency contacts with their ids (the timer screen picks from them), in the order the user keeps them. */
    async contactsList(userId: number, ids?: readonly number[]): Promise<Array<{ id: number; name: string; phoneNumber: string }>> {
      let query = ref.db
        .selectFrom('emergency_contacts')
        .select(['id', 'name', 'phone_number'])
        .where('user_id', '=', userId)
        .orderBy('position')
        .orderBy('id');
      if (ids) query = query.where('id', 'in', [...ids]);
      return (await query.execute()).map((r) => ({ id: r.id, name: r.name, phoneNumber: r.phone_number }));
    },

    async insertTimer(db: Db, timer: NewTimer): Promise<number> {
      const row = await db
        .insertInto('safety_timers')
        .values({
          kind: timer.kind,
          user_id: timer.userId,
          duration_minutes: timer.durationMinutes,
          destination: timer.destination,
          contact_ids: timer.contactIds,
          chosen_contacts: timer.chosenContacts === null ? null : JSON.stringify(timer.chosenContacts),
          contacts_only: timer.contactsOnly,
          started_at: timer.startedAt,
          due_at: timer.dueAt,
          last_lat: timer.location?.latitude ?? null,
          last_lon: timer.location?.longitude ?? null,
          last_accuracy_m: timer.location?.accuracy ?? null,
          last_location_at: timer.location ? timer.startedAt : null,
          created_at: timer.startedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async find(id: number, db: Db = ref.db, forUpdate = false): Promise<TimerRecord | undefined> {
      let query = selectTimer(db).where('t.id', '=', id);
      if (forUpdate) query = query.forUpdate('t');
      const row = await query.executeTakeFirst();
      return row ? toTimer(row) : undefined;
    },

    async newestOf(userId: number): Promise<TimerRecord | undefined> {
      const row = await selectTimer(ref.db).where('t.user_id', '=', userId).orderBy('t.id', 'desc').limit(1).executeTakeFirst();
      return row ? toTimer(row) : undefined;
    },

    async hasRunning(db: Db, userId: number): Promise<boolean> {
      const row = await db.selectFrom('safety_timers').select('id').where('user_id', '=', userId).where('status', '=', 'running').executeTakeFirst();
      return row !== undefined;
    },

    /** Ends a running timer; false when it had already ended. */
    async end(db: Db, id: number, reason: 'safe' | 'duress', now: Date): Promise<boolean> {
      const result = await db
        .updateTable('safety_timers')
        .set({ status: 'ended', end_reason: reason, ended_at: now })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * "I'm OK" with a PIN: the same statement for both PINs; the duress one marks the silent
     * alert (once a timer). True when this call marked it.
     */
    async markSilentAlertIf(db: Db, id: number, duress: boolean, now: Date): Promise<boolean> {
      const row = await db
        .updateTable('safety_timers')
        .set({ silent_alert_at: sql`CASE WHEN ${duress} AND silent_alert_at IS NULL THEN ${now}::timestamptz ELSE silent_alert_at END` })
        .where('id', '=', id)
        .returning(sql<boolean>`silent_alert_at = ${now}::timestamptz`.as('marked'))
        .executeTakeFirst();
      return row?.marked === true;
    },

    /** One more wrong PIN; returns the count after it. */
    async countWrongPin(id: number): Promise<number> {
      const row = await ref.db
        .updateTable('safety_timers')
        .set((eb) => ({ wrong_pins: eb('wrong_pins', '+', 1) }))
        .where('id', '=', id)
        .returning('wrong_pins')
        .executeTakeFirstOrThrow();
      return row.wrong_pins;
    },

    async extend(db: Db, id: number, dueAt: Date, extendedMinutes: number, stage: SafetyTimerDbStage): Promise<void> {
      await db.updateTable('safety_timers').set({ due_at: dueAt, extended_minutes: extendedMinutes, stage }).where('id', '=', id).execute();
    },

    /** Marks the silent alert as raised; false when it already was (it goes out once per timer). */
    async markSilentAlert(db: Db, id: number, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('safety_timers')
        .set({ silent_alert_at: now })
        .where('id', '=', id)
        .where('silent_alert_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * The SOS stage of many timers in one transaction, by the SOS feature's rules: one active
     * SOS per person (an active one is taken over, never doubled), at most `maxPerWindow` in
     * the window, the first radius, its first position kept, and its fan-out job (the ladder,
     * the contacts: sos-delivery.ts) written with it. Returns the SOS of each timer that has
     * one now; a timer missing from it was held back by the rate limit.
     */
    async raiseSos(
      trx: Transaction<Database>,
      due: ReadonlyArray<{ timerId: number; userId: number; latitude: number; longitude: number; accuracy: number | null }>,
      rules: { now: Date; radiusM: number; windowStart: Date; maxPerWindow: number; fanout: (eventId: number) => OutboxMessage },
    ): Promise<Map<number, number>> {
      if (due.length === 0) return new Map();
      const { now } = rules;
      const users = due.map((d) => d.userId);
      const created = await sql<{ id: number }>`
        INSERT INTO sos_events (user_id, threat, contacts_only, location, accuracy_m, last_location, last_accuracy_m, last_location_at, radius_m, practice, created_at, updated_at)
        SELECT d.user_id, NULL, false, p.g, d.acc, p.g, d.acc, ${now}, ${rules.radiusM}, false, ${now}, ${now}
        FROM unnest(${users}::int[], ${due.map((d) => d.latitude)}::float8[], ${due.map((d) => d.longitude)}::float8[], ${due.map((d) => d.accuracy)}::real[])
          AS d(user_id, lat, lon, acc)
          CROSS JOIN LATERAL (SELECT ST_SetSRID(ST_MakePoint(d.lon, d.lat), 4326)::geography AS g) p
        WHERE NOT EXISTS (SELECT 1 FROM sos_events e WHERE e.user_id = d.user_id AND e.status = 'active' AND NOT e.practice)
          AND (SELECT count(*) FROM sos_events e WHERE e.user_id = d.user_id AND e.created_at > ${rules.windowStart} AND NOT e.practice) < ${rules.maxPerWindow}
        ON CONFLICT DO NOTHING
        RETURNING id`.execute(trx);
      const ids = created.rows.map((r) => r.id);
      if (ids.length > 0) {
        await sql`
          INSERT INTO sos_location_updates (event_id, location, accuracy_m, recorded_at)
          SELECT id, location, accuracy_m, ${now} FROM sos_events WHERE id = ANY(${ids}::int[])`.execute(trx);
        await enqueue(trx, ids.map(rules.fanout));
      }
      const active = await trx
        .selectFrom('sos_events')
        .select(['id', 'user_id'])
        .where('user_id', '=', sql<number>`ANY(${users}::int[])`)
        .where('status', '=', 'active')
        .where('practice', '=', false)
        .execute();
      const eventOf = new Map(active.map((e) => [e.user_id, e.id]));
      return new Map(due.flatMap((d) => (eventOf.has(d.userId) ? [[d.timerId, eventOf.get(d.userId) as number] as const] : [])));
    },

    /** The ending's one row change in the worker, the same statement for both endings: a duress one marks its silent alert. */
    async settleEnded(db: Db, id: number, now: Date): Promise<void> {
      await sql`
        UPDATE safety_timers
        SET silent_alert_at = CASE WHEN end_reason = 'duress' THEN COALESCE(silent_alert_at, ${now}) ELSE silent_alert_at END
        WHERE id = ${id}`.execute(db);
    },

    async recordLocation(id: number, location: { latitude: number; longitude: number; accuracy: number | null }, now: Date): Promise<void> {
      await ref.db
        .updateTable('safety_timers')
        .set({ last_lat: location.latitude, last_lon: location.longitude, last_accuracy_m: location.accuracy, last_location_at: now })
        .where('id', '=', id)
        .execute();
    },

    /**
     * The contacts each timer alerts: the ones chosen at the start, or every contact the user
     * has now; a contact whose number belongs to a user is that user too. Never the owner's own
     * number. Three queries for any number of timers.
     */
    async contactsOfMany(timers: ReadonlyArray<Pick<TimerRecord, 'id' | 'userId' | 'ownerPhone' | 'chosenContacts'>>): Promise<Map<number, TimerContact[]>> {
      const everyContact = [...new Set(timers.filter((t) => t.chosenContacts === null).map((t) => t.userId))];
      const listedOf = new Map<number, Array<{ name: string; phone: string }>>();
      if (everyContact.length > 0) {
        const rows = await ref.db
          .selectFrom('emergency_contacts')
          .select(['user_id', 'name', 'phone_number'])
          .where('user_id', '=', sql<number>`ANY(${everyContact}::int[])`)
          .orderBy('user_id')
          .orderBy('position')
          .orderBy('id')
          .execute();
        for (const r of rows) {
          const list = listedOf.get(r.user_id) ?? [];
          list.push({ name: r.name, phone: r.phone_number });
          listedOf.set(r.user_id, list);
        }
      }
      const chosen = new Map<number, Array<{ name: string; phone: string }>>();
      for (const timer of timers) {
        const seen = new Set<string>([timer.ownerPhone]);
        const listed = timer.chosenContacts ?? listedOf.get(timer.userId) ?? [];
        chosen.set(
          timer.id,
          listed.filter((c) => !seen.has(c.phone) && seen.add(c.phone)),
        );
      }
      const phones = [...new Set([...chosen.values()].flatMap((list) => list.map((c) => c.phone)))];
      const users =
        phones.length === 0
          ? []
          : await ref.db
              .selectFrom('users')
              .select(['id', 'phone_number', 'language'])
              .where('phone_number', '=', sql<string>`ANY(${phones}::text[])`)
              .execute();
      const byPhone = new Map(users.map((u) => [u.phone_number, u]));
      return new Map(
        [...chosen].map(([timerId, list]) => [
          timerId,
          list.map((c) => {
            const user = byPhone.get(c.phone);
            return { name: c.name, phone: c.phone, userId: user?.id ?? null, language: appLanguage(user?.language ?? null) };
          }),
        ]),
      );
    },

    /** Timers by id, in one query. */
    async findMany(ids: readonly number[]): Promise<Map<number, TimerRecord>> {
      if (ids.length === 0) return new Map();
      const rows = await selectTimer(ref.db)
        .where('t.id', '=', sql<number>`ANY(${[...new Set(ids)]}::int[])`)
        .execute();
      return new Map(rows.map((r) => [r.id, toTimer(r)]));
    },

    /**
     * Moves running timers on, one statement for all of them. A timer that ended meanwhile
     * keeps its stage (the check-in wins).
     */
    async setStages(db: Db, changes: ReadonlyArray<{ id: number; stage: SafetyTimerDbStage; contactsAlertedAt?: Date; sosEventId?: number }>): Promise<void> {
      if (changes.length === 0) return;
      await sql`
        UPDATE safety_timers AS t SET
          stage = c.stage,
          contacts_alerted_at = COALESCE(c.contacts_alerted_at, t.contacts_alerted_at),
          sos_event_id = COALESCE(c.sos_event_id, t.sos_event_id)
        FROM unnest(
          ${changes.map((c) => c.id)}::int[],
          ${changes.map((c) => c.stage)}::text[],
          ${changes.map((c) => c.contactsAlertedAt?.toISOString() ?? null)}::timestamptz[],
          ${changes.map((c) => c.sosEventId ?? null)}::int[]
        ) AS c(id, stage, contacts_alerted_at, sos_event_id)
        WHERE t.id = c.id AND t.status = 'running'`.execute(db);
    },

    /** Links of contacts, one per phone; a later alert of the same timer keeps the link and may push its end out. */
    async upsertLinks(links: ReadonlyArray<{ timerId: number; tokenHash: string; name: string; phone: string; expiresAt: Date }>): Promise<void> {
      if (links.length === 0) return;
      await ref.db
        .insertInto('safety_timer_links')
        .values(links.map((l) => ({ timer_id: l.timerId, token_hash: l.tokenHash, contact_name: l.name, contact_phone: l.phone, expires_at: l.expiresAt })))
        .onConflict((oc) =>
          oc.columns(['timer_id', 'contact_phone']).doUpdateSet({ expires_at: sql`GREATEST(safety_timer_links.expires_at, excluded.expires_at)` }),
        )
        .execute();
    },

    /**
     * The links of an ended timer, in one statement either way: a duress ending writes (or
     * keeps alive) the contacts' links; a safe one revokes them.
     */
    async settleLinks(
      timerId: number,
      change: { revokeAt: Date | null; links: ReadonlyArray<{ tokenHash: string; name: string; phone: string }>; expiresAt: Date },
    ): Promise<void> {
      const { links } = change;
      await sql`
        WITH revoked AS (
          UPDATE safety_timer_links SET revoked_at = ${change.revokeAt}
          WHERE ${change.revokeAt !== null} AND timer_id = ${timerId} AND revoked_at IS NULL
          RETURNING id
        )
        INSERT INTO safety_timer_links (timer_id, token_hash, contact_name, contact_phone, expires_at)
        SELECT ${timerId}, l.hash, l.name, l.phone, ${change.expiresAt}
        FROM unnest(${links.map((l) => l.tokenHash)}::text[], ${links.map((l) => l.name)}::text[], ${links.map((l) => l.phone)}::text[]) AS l(hash, name, phone)
        ON CONFLICT (timer_id, contact_phone) DO UPDATE SET expires_at = GREATEST(safety_timer_links.expires_at, excluded.expires_at)`.execute(ref.db);
    },

    /** The newest overdue-alert SMS to each contact of a timer, in the order they were written. */
    async overdueSms(timerId: number): Promise<Array<{ phone: string; status: SmsStatus; updatedAt: Date }>> {
      const rows = await sql<{ to_phone: string; status: SmsStatus; updated_at: Date | string }>`
        SELECT to_phone, status, updated_at FROM (
          SELECT DISTINCT ON (to_phone) id, to_phone, status, updated_at
          FROM sms_messages
          WHERE safety_timer_id = ${timerId} AND template IN ('timerOverdue', 'timerOverdueNoLink', 'journeyAlert', 'journeyAlertNoLink')
          ORDER BY to_phone, id DESC
        ) newest
        ORDER BY id`.execute(ref.db);
      return rows.rows.map((r) => ({ phone: r.to_phone, status: r.status, updatedAt: new Date(r.updated_at) }));
    },

    /** A journey's expected arrival moves with its timer's end (an extension). */
    async moveJourneyArrival(db: Db, timerId: number, byMs: number): Promise<void> {
      await db
        .updateTable('journeys')
        .set({ expected_arrival_at: sql`expected_arrival_at + make_interval(secs => ${byMs / 1000})` })
        .where('timer_id', '=', timerId)
        .execute();
    },

    async setLinksExpiry(db: Db, timerId: number, expiresAt: Date): Promise<void> {
      await db.updateTable('safety_timer_links').set({ expires_at: expiresAt }).where('timer_id', '=', timerId).where('revoked_at', 'is', null).execute();
    },

    async revokeLinks(timerId: number, now: Date): Promise<void> {
      await ref.db.updateTable('safety_timer_links').set({ revoked_at: now }).where('timer_id', '=', timerId).where('revoked_at', 'is', null).execute();
    },

    /** The phones that got a link of this timer (they hear the all-clear); the person's own link has none. */
    async linkedPhones(timerId: number): Promise<string[]> {
      const rows = await ref.db
        .selectFrom('safety_timer_links')
        .select('contact_phone')
        .where('timer_id', '=', timerId)
        .where('contact_phone', 'is not', null)
        .orderBy('id')
        .execute();
      return rows.flatMap((r) => (r.contact_phone === null ? [] : [r.contact_phone]));
    },
  };
}

export type SafetyTimerRepository = ReturnType<typeof createSafetyTimerRepository>;
