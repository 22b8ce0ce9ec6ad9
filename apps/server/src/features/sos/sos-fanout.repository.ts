import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../core/db/schema';
import { LIVE_LOCATION_FRESH_MS } from '../../domain/live-location';

export interface NewRecipient {
  id: number;
  userId: number | null;
  phone: string | null;
  name: string | null;
  /** Volunteers: metres from the victim to the centre of their privacy cell (never the exact point). */
  cellDistanceM: number | null;
}

/** Upper bound of volunteers alerted by one widening step. */
export const MAX_VOLUNTEERS_PER_STEP = 5000;

/**
 * Which volunteers one insert reaches: `responder`, only verified responders of these
 * professions whose badge is within its year, the nearest `limit`; `volunteer`, everyone in range.
 */
export interface LadderTier {
  tier: 'responder' | 'volunteer';
  professions?: readonly string[];
  limit?: number;
}

/**
 * `origin` (the victim's newest position) and `cells` (user_id, d): every volunteer place's cell,
 * and every fresh device position's cell of a user available to volunteer, within `radiusM` of
 * it, d in metres from the cell's centre. Both CTEs of the fan-out's statements.
 */
function volunteerCellsWithin(eventId: number, radiusM: number, freshSince: Date) {
  return sql`origin AS (
        SELECT COALESCE(last_location, location) AS g FROM sos_events WHERE id = ${eventId}
      ),
      cells AS (
        -- saved_locations_volunteer_cell_gix (GiST, partial: volunteer_cell IS NOT NULL,
        -- which holds exactly for volunteer places)
        SELECT sl.user_id, ST_Distance(sl.volunteer_cell, o.g) AS d
        FROM saved_locations sl, origin o
        WHERE sl.volunteer_cell IS NOT NULL AND ST_DWithin(sl.volunteer_cell, o.g, ${radiusM})
        UNION ALL
        -- users_last_location_cell_gix (GiST, partial: available_for_community AND
        -- last_location_cell IS NOT NULL)
        SELECT u.id, ST_Distance(u.last_location_cell, o.g)
        FROM users u, origin o
        WHERE u.available_for_community AND u.last_location_cell IS NOT NULL
          AND u.last_location_at >= ${freshSince}::timestamptz
          AND ST_DWithin(u.last_location_cell, o.g, ${radiusM})
      )`;
}

/** The SQL of the fan-out: who is alerted, written as one row per recipient per event. */
export const sosFanoutRepository = {
  /**
   * The victim's emergency contacts, one row each; a contact whose number belongs to a user
   * is linked to that user (push + in-app too). The unique indexes make a retry a no-op
   * and keep a number listed twice from being alerted twice; the victim's own number is skipped.
   */
  async insertContacts(trx: Transaction<Database>, eventId: number, victimId: number, now: Date): Promise<NewRecipient[]> {
    const result = await sql<{ id: number; recipient_user_id: number | null; contact_phone: string | null; contact_name: string | null }>`
      INSERT INTO sos_notifications (event_id, recipient_kind, recipient_user_id, contact_name, contact_phone, channel, created_at, updated_at)
      SELECT ${eventId}, 'contact', u.id, ec.name, ec.phone_number, 'sms', ${now}::timestamptz, ${now}::timestamptz
      FROM emergency_contacts ec
      JOIN users victim ON victim.id = ec.user_id
      LEFT JOIN users u ON u.phone_number = ec.phone_number
      WHERE ec.user_id = ${victimId}
        AND ec.phone_number ~ '^[6-9][0-9]{9}$'
        AND ec.phone_number <> victim.phone_number
      ORDER BY ec.position, ec.id
      ON CONFLICT DO NOTHING
      RETURNING id, recipient_user_id, contact_phone, contact_name`.execute(trx);
    return result.rows.map((r) => ({ id: r.id, userId: r.recipient_user_id, phone: r.contact_phone, name: r.contact_name, cellDistanceM: null }));
  },

  /**
   * Available volunteers whose privacy cell is within `radiusM` of the victim's newest position,
   * nearest cell first: the cell of a place they volunteer from, or of where their device was in
   * the last 15 minutes. Anyone already alerted for this event (contacts, earlier steps) is
   * skipped by the unique index; the victim never alerts themself.
   *
   * Everything about a volunteer that reaches the victim (whether and at which step they are
   * alerted, their order, their distance band) is decided on the centre of their ~250 m cell,
   * volunteer_cell() of migration 0012, exactly as volunteers-nearby does (DESIGN.md §8): moving
   * inside the cell changes none of it, so alerts raised from many points cannot trilaterate
   * anyone. The exact point is measured only when the volunteer accepts (sos.repository respond).
   * The cell is at most ~177 m from the point, so a volunteer may be reached one step early or late.
   */
  async insertVolunteers(
    trx: Transaction<Database>,
    eventId: number,
    victimId: number,
    radiusM: number,
    now: Date,
    ladder: LadderTier = { tier: 'volunteer' },
  ): Promise<NewRecipient[]> {
    const freshSince = new Date(now.getTime() - LIVE_LOCATION_FRESH_MS);
    const limit = Math.min(ladder.limit ?? MAX_VOLUNTEERS_PER_STEP, MAX_VOLUNTEERS_PER_STEP);
    const responders =
      ladder.tier === 'responder'
        ? sql`AND u.verified_profession = ANY(${[...(ladder.professions ?? [])]}::text[]) AND u.verified_until > ${now}::timestamptz`
        : sql``;
    const result = await sql<{ id: number; recipient_user_id: number; cell_distance_m: number }>`
      WITH ${volunteerCellsWithin(eventId, radiusM, freshSince)},
      nearest AS (
        SELECT c.user_id, min(c.d) AS d
        FROM cells c JOIN users u ON u.id = c.user_id
        WHERE u.available_for_community AND u.id <> ${victimId}
          -- Off duty or in their quiet hours (India time): never alerted.
          AND u.on_duty AND (u.quiet_days IS NULL OR NOT responder_quiet_now(u.quiet_days, u.quiet_start_min, u.quiet_end_min, ${now}::timestamptz))
          ${responders}
          AND NOT EXISTS (SELECT 1 FROM sos_notifications n WHERE n.event_id = ${eventId} AND n.recipient_user_id = c.user_id)
        GROUP BY c.user_id
        ORDER BY min(c.d), c.user_id
        LIMIT ${limit}
      )
      -- ceil: a cell 500.3 m away, outside the 500 m step, must not read as the band '0-500'.
      INSERT INTO sos_notifications (event_id, recipient_kind, recipient_user_id, channel, cell_distance_m, radius_m, tier, created_at, updated_at)
      SELECT ${eventId}, 'volunteer', user_id, 'push', ceil(d)::int, ${radiusM}, ${ladder.tier}, ${now}::timestamptz, ${now}::timestamptz
      FROM nearest ORDER BY d, user_id
      ON CONFLICT DO NOTHING
      RETURNING id, recipient_user_id, cell_distance_m`.execute(trx);
    return result.rows
      .map((r) => ({ id: r.id, userId: r.recipient_user_id, phone: null, name: null, cellDistanceM: r.cell_distance_m }))
      .sort((a, b) => (a.cellDistanceM ?? 0) - (b.cellDistanceM ?? 0) || a.id - b.id);
  },

  /**
   * The person's contacts who use the app and are also available volunteers within `radiusM`
   * (the same cells, duty and quiet hours as insertVolunteers): their contact row is marked as
   * both, so they stay one recipient with one alert and one push (the unique index already kept
   * insertVolunteers from adding a second row). Returns how many were marked.
   */
  async markContactVolunteers(trx: Transaction<Database>, eventId: number, radiusM: number, now: Date): Promise<number> {
    const freshSince = new Date(now.getTime() - LIVE_LOCATION_FRESH_MS);
    const result = await sql`
      WITH ${volunteerCellsWithin(eventId, radiusM, freshSince)}
      UPDATE sos_notifications n SET also_volunteer = true, updated_at = ${now}::timestamptz
      FROM users u
      WHERE n.event_id = ${eventId} AND n.recipient_kind = 'contact' AND NOT n.also_volunteer
        AND u.id = n.recipient_user_id
        AND u.available_for_community AND u.on_duty
        AND (u.quiet_days IS NULL OR NOT responder_quiet_now(u.quiet_days, u.quiet_start_min, u.quiet_end_min, ${now}::timestamptz))
        AND EXISTS (SELECT 1 FROM cells c WHERE c.user_id = u.id)`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  },

  /** A practice alert reaches only the volunteer who sent it, as a volunteer of their own event. */
  async insertPracticeSelf(trx: Transaction<Database>, eventId: number, userId: number, now: Date): Promise<NewRecipient[]> {
    const rows = await trx
      .insertInto('sos_notifications')
      .values({ event_id: eventId, recipient_kind: 'volunteer', recipient_user_id: userId, channel: 'push', created_at: now, updated_at: now })
      .onConflict((oc) => oc.doNothing())
      .returning(['id', 'recipient_user_id'])
      .execute();
    return rows.map((r) => ({ id: r.id, userId: r.recipient_user_id, phone: null, name: null, cellDistanceM: null }));
  },

  async insertTrackingTokens(
    trx: Transaction<Database>,
    eventId: number,
    tokens: ReadonlyArray<{ notificationId: number; tokenHash: string; name: string | null; phone: string | null }>,
    expiresAt: Date,
  ): Promise<void> {
    if (tokens.length === 0) return;
    await trx
      .insertInto('sos_tracking_tokens')
      .values(
        tokens.map((t) => ({
          event_id: eventId,
          notification_id: t.notificationId,
          token_hash: t.tokenHash,
          contact_name: t.name,
          contact_phone: t.phone,
          expires_at: expiresAt,
        })),
      )
      .onConflict((oc) => oc.column('token_hash').doNothing())
      .execute();
  },

  /**
   * Records that radius step `step` (1 = the first) is out, once no volunteer of the event is
   * still waiting for their push: the delivery job that finished last writes it, and the key
   * keeps two that finish together from writing it twice. True when this call wrote it.
   * `nextStepAt`: the next step started then while this one is unfinished; it is written as
   * finished now (late), so a step that never finishes still counts against the objective.
   * Only a step that had someone to alert (a row written before the next step) counts.
   */
  async recordStepDone(db: Kysely<Database>, eventId: number, step: number, raisedAt: Date, doneAt: Date, nextStepAt?: Date): Promise<boolean> {
    const finished =
      nextStepAt === undefined
        ? sql`NOT EXISTS (
            SELECT 1 FROM sos_notifications
            WHERE event_id = ${eventId} AND recipient_kind = 'volunteer' AND delivery_status = 'pending'
          )`
        : sql`EXISTS (SELECT 1 FROM sos_notifications WHERE event_id = ${eventId} AND created_at < ${nextStepAt})`;
    const result = await sql<{ step: number }>`
      INSERT INTO sos_fanout_steps (event_id, step, raised_at, done_at)
      SELECT ${eventId}, ${step}, ${raisedAt}, ${doneAt}
      WHERE ${finished}
      ON CONFLICT DO NOTHING
      RETURNING step`.execute(db);
    return result.rows.length > 0;
  },
};
