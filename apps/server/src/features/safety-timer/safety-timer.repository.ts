import { sql, type Kysely, type Transaction } from 'kysely';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@saathi/shared';
import type { DbRef } from '../../core/db/db-ref';
import type { Database } from '../../core/db/schema';
import type { SafetyTimerDbStage, SafetyTimerStatus } from '../../core/db/tables/safety-timer';
import { enqueue, type OutboxMessage } from '../../core/outbox';

type Db = Kysely<Database> | Transaction<Database>;

export interface TimerRecord {
  id: number;
  userId: number;
  ownerName: string | null;
  ownerLanguage: Language;
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
const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

const selectTimer = (db: Db) =>
  db
    .selectFrom('safety_timers as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .selectAll('t')
    .select(['u.name as owner_name', 'u.language as owner_language']);

type TimerRow = Awaited<ReturnType<ReturnType<typeof selectTimer>['executeTakeFirstOrThrow']>>;

function toTimer(r: TimerRow): TimerRecord {
  return {
    id: r.id,
    userId: r.user_id,
    ownerName: r.owner_name,
    ownerLanguage: appLanguage(r.owner_language) ?? DEFAULT_LANGUAGE,
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
    endedAt: dateOrNull(r.ended_at),
    wrongPins: r.wrong_pins,
    contactsAlertedAt: dateOrNull(r.contacts_alerted_at),
    silentAlertAt: dateOrNull(r.silent_alert_at),
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
  'userId' | 'durationMinutes' | 'destination' | 'contactIds' | 'chosenContacts' | 'contactsOnly' | 'startedAt' | 'dueAt'
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

    async setStage(id: number, stage: SafetyTimerDbStage, extra: { contactsAlertedAt?: Date; sosEventId?: number } = {}): Promise<void> {
      await ref.db
        .updateTable('safety_timers')
        .set({
          stage,
          ...(extra.contactsAlertedAt ? { contacts_alerted_at: extra.contactsAlertedAt } : {}),
          ...(extra.sosEventId ? { sos_event_id: extra.sosEventId } : {}),
        })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .execute();
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

    async recordLocation(id: number, location: { latitude: number; longitude: number; accuracy: number | null }, now: Date): Promise<void> {
      await ref.db
        .updateTable('safety_timers')
        .set({ last_lat: location.latitude, last_lon: location.longitude, last_accuracy_m: location.accuracy, last_location_at: now })
        .where('id', '=', id)
        .execute();
    },

    /**
     * The contacts the timer alerts: the ones chosen at the start, or every contact the user has
     * now; a contact whose number belongs to a user is that user too. Never the owner's own number.
     */
    async contactsOf(timer: Pick<TimerRecord, 'userId' | 'chosenContacts'>): Promise<TimerContact[]> {
      const owner = await ref.db.selectFrom('users').select('phone_number').where('id', '=', timer.userId).executeTakeFirstOrThrow();
      const listed =
        timer.chosenContacts ??
        (
          await ref.db
            .selectFrom('emergency_contacts')
            .select(['name', 'phone_number'])
            .where('user_id', '=', timer.userId)
            .orderBy('position')
            .orderBy('id')
            .execute()
        ).map((r) => ({ name: r.name, phone: r.phone_number }));
      const seen = new Set<string>([owner.phone_number]);
      const contacts = listed.filter((c) => !seen.has(c.phone) && seen.add(c.phone));
      if (contacts.length === 0) return [];
      const users = await ref.db
        .selectFrom('users')
        .select(['id', 'phone_number', 'language'])
        .where(
          'phone_number',
          'in',
          contacts.map((c) => c.phone),
        )
        .execute();
      const byPhone = new Map(users.map((u) => [u.phone_number, u]));
      return contacts.map((c) => {
        const user = byPhone.get(c.phone);
        return { name: c.name, phone: c.phone, userId: user?.id ?? null, language: appLanguage(user?.language ?? null) };
      });
    },

    /** Links of contacts, one per phone; a later alert of the same timer keeps the link and may push its end out. */
    async upsertLinks(timerId: number, links: ReadonlyArray<{ tokenHash: string; name: string; phone: string }>, expiresAt: Date): Promise<void> {
      if (links.length === 0) return;
      await ref.db
        .insertInto('safety_timer_links')
        .values(links.map((l) => ({ timer_id: timerId, token_hash: l.tokenHash, contact_name: l.name, contact_phone: l.phone, expires_at: expiresAt })))
        .onConflict((oc) =>
          oc.columns(['timer_id', 'contact_phone']).doUpdateSet({ expires_at: sql`GREATEST(safety_timer_links.expires_at, excluded.expires_at)` }),
        )
        .execute();
    },

    async setLinksExpiry(db: Db, timerId: number, expiresAt: Date): Promise<void> {
      await db.updateTable('safety_timer_links').set({ expires_at: expiresAt }).where('timer_id', '=', timerId).where('revoked_at', 'is', null).execute();
    },

    async revokeLinks(timerId: number, now: Date): Promise<void> {
      await ref.db.updateTable('safety_timer_links').set({ revoked_at: now }).where('timer_id', '=', timerId).where('revoked_at', 'is', null).execute();
    },

    /** The phones that got a link of this timer (they hear the all-clear). */
    async linkedPhones(timerId: number): Promise<string[]> {
      const rows = await ref.db.selectFrom('safety_timer_links').select('contact_phone').where('timer_id', '=', timerId).orderBy('id').execute();
      return rows.map((r) => r.contact_phone);
    },
  };
}

export type SafetyTimerRepository = ReturnType<typeof createSafetyTimerRepository>;
