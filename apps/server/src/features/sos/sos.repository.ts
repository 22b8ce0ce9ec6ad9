import { sql, type ExpressionOrFactory, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { DEFAULT_LANGUAGE, isLanguage, type DeclineReason, type Language, type SceneResponder, type SmsStatus, type Threat } from '@saathi/shared';
import type { DbRef } from '../../core/db/db-ref';
import { systemClock, type Clock } from '../../core/clock';
import { enqueue, type OutboxMessage } from '../../core/outbox';
import type { Database } from '../../core/db/schema';
import type { SosStatus } from '../../core/db/tables/sos';
import { sosFanoutRepository } from './sos-fanout.repository';
import { sosLadderRepository } from './sos-ladder.repository';
import type { Position, RecipientRecord, SosEventRecord } from './sos.types';
import { geoPoint } from '../../core/db/geo';
import { hasRow } from '../../core/db/has-row';
import { toDateOrNull } from '../../core/db/row-values';
import { LIVE_LOCATION_FRESH_MS } from '../../domain/live-location';

type Db = Kysely<Database> | Transaction<Database>;

interface EventRow {
  id: number;
  user_id: number;
  victim_name: string | null;
  victim_phone: string;
  victim_language: string;
  threat: Threat | null;
  contacts_only: boolean;
  practice: boolean;
  status: SosStatus;
  lat: number;
  lon: number;
  accuracy_m: number | null;
  last_lat: number | null;
  last_lon: number | null;
  last_accuracy_m: number | null;
  last_location_at: Date | string | null;
  radius_m: number;
  radius_step: number;
  created_at: Date | string;
  updated_at: Date | string;
  resolved_at: Date | string | null;
  cancelled_at: Date | string | null;
}

/** users.language is free text in the database; anything else reads as English. */
const appLanguage = (value: string): Language => (isLanguage(value) ? value : DEFAULT_LANGUAGE);

function toEvent(r: EventRow): SosEventRecord {
  const createdAt = new Date(r.created_at);
  const ended = r.resolved_at ?? r.cancelled_at;
  return {
    id: r.id,
    userId: r.user_id,
    victimName: r.victim_name,
    victimPhone: r.victim_phone,
    victimLanguage: appLanguage(r.victim_language),
    threat: r.threat,
    contactsOnly: r.contacts_only,
    practice: r.practice,
    status: r.status,
    origin: { latitude: r.lat, longitude: r.lon, accuracy: r.accuracy_m, at: createdAt },
    last:
      r.last_lat === null || r.last_lon === null
        ? null
        : { latitude: r.last_lat, longitude: r.last_lon, accuracy: r.last_accuracy_m, at: new Date(r.last_location_at ?? r.created_at) },
    radiusM: r.radius_m,
    radiusStep: r.radius_step,
    createdAt,
    updatedAt: new Date(r.updated_at),
    endedAt: toDateOrNull(ended),
  };
}

const selectEvent = (db: Db) =>
  db
    .selectFrom('sos_events as e')
    .innerJoin('users as v', 'v.id', 'e.user_id')
    .select([
      'e.id',
      // The inner join leaves out events whose person deleted their account (user_id NULL).
      sql<number>`e.user_id`.as('user_id'),
      'v.name as victim_name',
      'v.phone_number as victim_phone',
      'v.language as victim_language',
      'e.threat',
      'e.contacts_only',
      'e.practice',
      'e.status',
      sql<number>`ST_Y(e.location::geometry)`.as('lat'),
      sql<number>`ST_X(e.location::geometry)`.as('lon'),
      'e.accuracy_m',
      sql<number | null>`ST_Y(e.last_location::geometry)`.as('last_lat'),
      sql<number | null>`ST_X(e.last_location::geometry)`.as('last_lon'),
      'e.last_accuracy_m',
      'e.last_location_at',
      'e.radius_m',
      'e.radius_step',
      'e.created_at',
      'e.updated_at',
      'e.resolved_at',
      'e.cancelled_at',
    ]);

const selectRecipients = (db: Db, now: Date) =>
  db
    .selectFrom('sos_notifications as n')
    .leftJoin('users as u', 'u.id', 'n.recipient_user_id')
    .select([
      // The badge counts only within its year, on the app's clock.
      sql<ResponderProfessionText | null>`CASE WHEN u.verified_until > ${now}::timestamptz THEN u.verified_profession END`.as('verified_profession'),
      'n.tier',
      'n.passed_at',
      'n.decline_reason',
      'n.scene_status',
      'n.handed_to',
      'n.id',
      'n.event_id',
      'n.recipient_kind',
      'n.also_volunteer',
      'n.recipient_user_id',
      'n.contact_name',
      'n.contact_phone',
      'u.name as user_name',
      'u.language as user_language',
      'n.status',
      'n.delivery_status',
      'n.distance_m',
      'n.cell_distance_m',
      'n.radius_m',
      'n.feedback_added',
      'n.responded_at',
      // A contact's SOS SMS (core/sms): what its gateway last reported.
      sql<SmsStatus | null>`CASE WHEN n.recipient_kind = 'contact' THEN (${contactSms('status')}) END`.as('sms_status'),
      sql<Date | string | null>`CASE WHEN n.recipient_kind = 'contact' THEN (${contactSms('updated_at')}) END`.as('sms_updated_at'),
    ]);

/** One column of a contact's newest SOS SMS. */
const contactSms = (column: 'status' | 'updated_at') =>
  sql`SELECT s.${sql.ref(column)} FROM sms_messages s WHERE s.sos_notification_id = n.id AND s.template = 'sosContact' ORDER BY s.id DESC LIMIT 1`;

type ResponderProfessionText = RecipientRecord['verifiedProfession'];
type RecipientRow = Awaited<ReturnType<ReturnType<typeof selectRecipients>['execute']>>[number];

function toRecipient(r: RecipientRow): RecipientRecord {
  const firstName = r.user_name?.trim().split(/\s+/)[0] ?? null;
  return {
    notificationId: r.id,
    eventId: r.event_id,
    kind: r.recipient_kind,
    alsoVolunteer: r.also_volunteer,
    userId: r.recipient_user_id,
    // Contacts keep the name the victim gave them; volunteers show only a first name.
    name: r.recipient_kind === 'contact' ? r.contact_name : firstName,
    phone: r.contact_phone,
    language: r.user_language === null ? null : appLanguage(r.user_language),
    status: r.status,
    deliveryStatus: r.delivery_status,
    distanceM: r.distance_m,
    cellDistanceM: r.cell_distance_m,
    radiusM: r.radius_m,
    feedbackAdded: r.feedback_added,
    respondedAt: toDateOrNull(r.responded_at),
    tier: r.tier,
    passedAt: toDateOrNull(r.passed_at),
    declineReason: r.decline_reason,
    verifiedProfession: r.verified_profession,
    sceneStatus: r.scene_status,
    handedTo: r.handed_to,
    sms: r.sms_status === null || r.sms_updated_at === null ? null : { status: r.sms_status, updatedAt: new Date(r.sms_updated_at) },
  };
}

/** User ids of the event's recipients who are users and match `which`. */
async function recipientUserIds(db: Db, eventId: number, which: ExpressionOrFactory<Database, 'sos_notifications', SqlBool>): Promise<number[]> {
  const rows = await db
    .selectFrom('sos_notifications')
    .select('recipient_user_id')
    .where('event_id', '=', eventId)
    .where('recipient_user_id', 'is not', null)
    .where(which)
    .execute();
  return rows.map((r) => r.recipient_user_id as number);
}

export function createSosRepository(ref: DbRef, clock: Clock = systemClock) {
  return {
    /**
     * Runs the geography functions of the fan-out once, and the fan-out's own statements on an
     * event that does not exist (they write nothing). The embedded PostGIS resolves each C
     * function on first use and the WebAssembly engine compiles code as it is first run: paid
     * here at start, not by the first SOS after it (measured: ~2.4 s of CPU on that SOS).
     */
    async warmUp(): Promise<void> {
      await sql`SELECT ST_DWithin(${geoPoint({ latitude: 23, longitude: 72 })}, ${geoPoint({ latitude: 23.001, longitude: 72.001 })}, 500), ST_Distance(${geoPoint({ latitude: 23, longitude: 72 })}, ${geoPoint({ latitude: 23.001, longitude: 72.001 })})`.execute(
        ref.db,
      );
      const none = 0;
      const now = clock();
      await ref.db.transaction().execute(async (trx) => {
        await this.findEvent(none, trx, true);
        await sosFanoutRepository.insertVolunteers(trx, none, none, 500, now, { tier: 'responder', professions: ['doctor'], limit: 3 });
        await sosFanoutRepository.insertVolunteers(trx, none, none, 500, now);
        await this.recipientsByIds([none], trx);
      });
      await this.markDelivery([none], 'sent', now);
    },

    enqueue(messages: readonly OutboxMessage[], db: Db = ref.db): Promise<void> {
      return enqueue(db, messages);
    },

    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return ref.db.transaction().execute(work);
    },

    /** See sosFanoutRepository.recordStepDone: true when this call recorded the step. */
    recordStepDone: (eventId: number, step: number, raisedAt: Date, doneAt: Date, nextStepAt?: Date): Promise<boolean> =>
      sosFanoutRepository.recordStepDone(ref.db, eventId, step, raisedAt, doneAt, nextStepAt),

    async findEvent(id: number, db: Db = ref.db, forUpdate = false): Promise<SosEventRecord | undefined> {
      let query = selectEvent(db).where('e.id', '=', id);
      if (forUpdate) query = query.forUpdate('e');
      const row = await query.executeTakeFirst();
      return row ? toEvent(row) : undefined;
    },

    async findActiveEventOf(userId: number, db: Db = ref.db): Promise<SosEventRecord | undefined> {
      // A practice alert never stands in for a real one.
      const row = await selectEvent(db).where('e.user_id', '=', userId).where('e.status', '=', 'active').where('e.practice', '=', false).executeTakeFirst();
      return row ? toEvent(row) : undefined;
    },

    /** The user's running practice alert, if any. */
    async findActivePracticeOf(userId: number, db: Db = ref.db): Promise<number | undefined> {
      const row = await db
        .selectFrom('sos_events')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', '=', 'active')
        .where('practice', '=', true)
        .executeTakeFirst();
      return row?.id;
    },

    /** Where a practice alert is placed without a phone position: the user's live position, else their first saved place. */
    async placeOf(userId: number, db: Db = ref.db): Promise<{ latitude: number; longitude: number } | undefined> {
      const row = await sql<{ latitude: number; longitude: number }>`
        SELECT ST_Y(g::geometry) AS latitude, ST_X(g::geometry) AS longitude FROM (
          SELECT last_location AS g, 0 AS o FROM users WHERE id = ${userId} AND last_location IS NOT NULL
          UNION ALL
          SELECT location, 1 FROM saved_locations WHERE user_id = ${userId}
        ) places ORDER BY o LIMIT 1`.execute(db);
      return row.rows[0];
    },

    /**
     * What raising an alert must know first, in one query (an SOS makes as few round trips as it
     * can): the caller's active real alert, and when they raised real alerts since `since`,
     * oldest first (the rate limit).
     */
    async raiseCheck(db: Db, userId: number, since: Date): Promise<{ activeId: number | undefined; recent: Date[] }> {
      const rows = await db
        .selectFrom('sos_events')
        .select(['id', 'status', 'created_at'])
        .where('user_id', '=', userId)
        .where('practice', '=', false)
        .where((eb) => eb.or([eb('status', '=', 'active'), eb('created_at', '>', since)]))
        .orderBy('created_at')
        .execute();
      return {
        activeId: rows.find((r) => r.status === 'active')?.id,
        recent: rows.filter((r) => new Date(r.created_at) > since).map((r) => new Date(r.created_at)),
      };
    },

    /** Events this user raised since `since`, oldest first (the rate limit). */
    async eventTimesSince(db: Db, userId: number, since: Date, practice = false): Promise<Date[]> {
      const rows = await db
        .selectFrom('sos_events')
        .select('created_at')
        .where('user_id', '=', userId)
        .where('created_at', '>', since)
        .where('practice', '=', practice)
        .orderBy('created_at')
        .execute();
      return rows.map((r) => new Date(r.created_at));
    },

    async insertEvent(
      db: Db,
      input: {
        userId: number;
        threat: Threat | null;
        contactsOnly: boolean;
        latitude: number;
        longitude: number;
        accuracy: number | null;
        radiusM: number;
        now: Date;
        practice?: boolean;
      },
    ): Promise<number> {
      const location = geoPoint(input);
      // The event and the first point of its track in one statement: one round trip fewer for an SOS.
      const row = await db
        .with('event', (qb) =>
          qb
            .insertInto('sos_events')
            .values({
              user_id: input.userId,
              threat: input.threat,
              contacts_only: input.contactsOnly,
              location,
              accuracy_m: input.accuracy,
              last_location: location,
              last_accuracy_m: input.accuracy,
              last_location_at: input.now,
              radius_m: input.radiusM,
              practice: input.practice ?? false,
              created_at: input.now,
              updated_at: input.now,
            })
            .returning(['id', 'location', 'accuracy_m', 'created_at']),
        )
        .insertInto('sos_location_updates')
        .columns(['event_id', 'location', 'accuracy_m', 'recorded_at'])
        .expression((eb) => eb.selectFrom('event').select(['id', 'location', 'accuracy_m', 'created_at']))
        .returning('event_id')
        .executeTakeFirstOrThrow();
      return row.event_id;
    },

    async recordLocation(
      db: Db,
      eventId: number,
      input: { latitude: number; longitude: number; accuracy: number | null; heading: number | null; speed: number | null; now: Date },
    ): Promise<void> {
      const location = geoPoint(input);
      await db
        .insertInto('sos_location_updates')
        .values({ event_id: eventId, location, accuracy_m: input.accuracy, heading_deg: input.heading, speed_mps: input.speed, recorded_at: input.now })
        .execute();
      await db
        .updateTable('sos_events')
        .set({ last_location: location, last_accuracy_m: input.accuracy, last_location_at: input.now, updated_at: input.now })
        .where('id', '=', eventId)
        .execute();
    },

    async end(db: Db, eventId: number, status: 'resolved' | 'cancelled', now: Date): Promise<void> {
      await db
        .updateTable('sos_events')
        .set({ status, updated_at: now, ...(status === 'resolved' ? { resolved_at: now } : { cancelled_at: now }) })
        .where('id', '=', eventId)
        .where('status', '=', 'active')
        .execute();
      // Contacts' tracking links stop working with the event.
      await db.updateTable('sos_tracking_tokens').set({ revoked_at: now }).where('event_id', '=', eventId).where('revoked_at', 'is', null).execute();
    },

    async setRadius(db: Db, eventId: number, step: number, radiusM: number, now: Date): Promise<void> {
      await db.updateTable('sos_events').set({ radius_step: step, radius_m: radiusM, updated_at: now }).where('id', '=', eventId).execute();
    },

    async recipients(eventId: number, db: Db = ref.db): Promise<RecipientRecord[]> {
      // Nearest cell first, contacts (no distance) last: the order is the fan-out's, and like
      // the band it depends on volunteers' cells only, never on an exact distance.
      const rows = await selectRecipients(db, clock()).where('n.event_id', '=', eventId).orderBy('n.cell_distance_m').orderBy('n.id').execute();
      return rows.map(toRecipient);
    },

    async recipientsByIds(ids: readonly number[], db: Db = ref.db): Promise<RecipientRecord[]> {
      if (ids.length === 0) return [];
      const rows = await selectRecipients(db, clock())
        .where('n.id', '=', sql<number>`ANY(${[...ids]}::int[])`)
        .orderBy('n.id')
        .execute();
      return rows.map(toRecipient);
    },

    async recipientOf(eventId: number, userId: number, db: Db = ref.db, forUpdate = false): Promise<RecipientRecord | undefined> {
      let query = selectRecipients(db, clock()).where('n.event_id', '=', eventId).where('n.recipient_user_id', '=', userId);
      if (forUpdate) query = query.forUpdate('n');
      const row = await query.executeTakeFirst();
      return row ? toRecipient(row) : undefined;
    },

    /** The volunteers coming (accepted), badge decided on this repository's clock. */
    sceneResponders(eventId: number, exceptUserId: number | null = null): Promise<SceneResponder[]> {
      return sosLadderRepository.sceneResponders(ref.db, eventId, clock(), exceptUserId);
    },

    async hasAccepted(db: Db, eventId: number): Promise<boolean> {
      return hasRow(db.selectFrom('sos_notifications').select('id').where('event_id', '=', eventId).where('status', '=', 'accepted'));
    },

    /**
     * A volunteer's or contact's answer. Accepting measures the exact distance to the victim
     * (shown to the victim from now on): from the position they sent, else from their live
     * position if fresh, else from their nearest volunteer place. Declining (or withdrawing) clears it,
     * so an exact distance exists only while they are coming (DESIGN.md §8).
     */
    async respond(
      db: Db,
      notificationId: number,
      status: 'accepted' | 'declined',
      now: Date,
      from: { latitude: number; longitude: number } | undefined,
      declineReason: DeclineReason | null = null,
    ): Promise<void> {
      const freshSince = new Date(now.getTime() - LIVE_LOCATION_FRESH_MS);
      const victim = sql`(SELECT COALESCE(e.last_location, e.location) FROM sos_events e WHERE e.id = n.event_id)`;
      const distance = from
        ? sql<number>`round(ST_Distance(${victim}, ${geoPoint(from)}))::int`
        : // Primary keys only: users by id, the volunteer's places by saved_locations_user_idx.
          sql<number | null>`round(COALESCE(
              (SELECT ST_Distance(${victim}, u.last_location) FROM users u
                WHERE u.id = n.recipient_user_id AND u.last_location IS NOT NULL AND u.last_location_at >= ${freshSince}::timestamptz),
              (SELECT min(ST_Distance(${victim}, sl.location)) FROM saved_locations sl
                WHERE sl.user_id = n.recipient_user_id AND sl.is_volunteer_location)
            ))::int`;
      await db
        .updateTable('sos_notifications as n')
        .set({
          status,
          responded_at: now,
          updated_at: now,
          distance_m: status === 'accepted' ? distance : null,
          // Why they could not come (kept for the ladder's figures); cleared when they accept after all.
          decline_reason: status === 'declined' ? declineReason : null,
        })
        .where('n.id', '=', notificationId)
        .execute();
    },

    async markDelivery(ids: readonly number[], status: 'sent' | 'failed', now: Date, error?: string): Promise<void> {
      if (ids.length === 0) return;
      await ref.db
        .updateTable('sos_notifications')
        .set({ delivery_status: status, delivery_error: error ?? null, updated_at: now })
        .where('id', '=', sql<number>`ANY(${[...ids]}::int[])`)
        .where('delivery_status', '=', 'pending')
        .execute();
    },

    /** User ids to tell about a change of the event: the owner and everyone it reached. */
    async audience(eventId: number): Promise<number[]> {
      return recipientUserIds(ref.db, eventId, (eb) => eb('delivery_status', '=', 'sent'));
    },

    /** Who may see the live location: accepted volunteers and contacts who are users. */
    async locationAudience(eventId: number): Promise<number[]> {
      return recipientUserIds(ref.db, eventId, (eb) => eb.or([eb('status', '=', 'accepted'), eb('recipient_kind', '=', 'contact')]));
    },
  };
}

export type SosRepository = ReturnType<typeof createSosRepository>;
export type { Position };
