import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DbRef } from '../../core/db/db-ref';
import type { Database } from '../../core/db/schema';

type Row = Record<string, unknown>;

/** Every section of the export except the profile (the users service builds that). */
export type ExportSections = {
  emergencyContacts: Row[];
  places: Row[];
  posts: Row[];
  comments: Row[];
  likes: Row[];
  reels: Row[];
  reports: Row[];
  sosEvents: Row[];
  sosRatingsGiven: Row[];
  notifications: Row[];
  certificates: Row[];
  pointsLedger: Row[];
  feedbackTickets: Row[];
  sessions: Row[];
  media: Row[];
  astroCharts: Row[];
  safetyPins: Row;
  safetyTimers: Row[];
  journeys: Row[];
  responderVerifications: Row[];
  responderDuty: Row;
  alertReports: Row[];
  alertSettings: Row;
};

/**
 * The SQL of `GET /api/users/me/export`: each query reads one table by its user index. Only
 * what the user gave or was sent: other people appear by what they are to this user (a
 * volunteer who answered an SOS is a status, not a name), and no token or code hash is read.
 */
export function createDataExportRepository(ref: DbRef) {
  return {
    async sections(userId: number): Promise<ExportSections> {
      const db = ref.db;
      const run = async (query: RawBuilder<Row>) => (await query.execute(db)).rows;
      return {
        emergencyContacts: await run(sql`
          SELECT name, phone_number AS "phoneNumber", relation, position, created_at AS "createdAt"
          FROM emergency_contacts WHERE user_id = ${userId} ORDER BY position, id`),
        places: await run(sql`
          SELECT name, is_business_location AS "isBusinessLocation", is_volunteer_location AS "isVolunteerLocation",
                 ST_Y(location::geometry) AS latitude, ST_X(location::geometry) AS longitude, created_at AS "createdAt"
          FROM saved_locations WHERE user_id = ${userId} ORDER BY position, id`),
        posts: await run(sql`
          SELECT p.id, p.user_name AS "userName", p.title, p.description, p.status, p.tags,
                 ST_Y(p.location::geometry) AS latitude, ST_X(p.location::geometry) AS longitude,
                 p.is_business_post AS "isBusinessPost", p.business_category AS "businessCategory",
                 p.whatsapp_number AS "whatsappNumber", p.video_url AS "videoUrl",
                 p.likes_count AS "likesCount", p.comments_count AS "commentsCount", p.created_at AS "createdAt",
                 coalesce((SELECT json_agg(m.url ORDER BY m.position) FROM post_media m WHERE m.post_id = p.id), '[]') AS media
          FROM posts p WHERE p.user_id = ${userId} ORDER BY p.created_at, p.id`),
        comments: await run(sql`
          SELECT 'post' AS "on", post_id AS "targetId", content AS text, created_at AS "createdAt"
          FROM post_comments WHERE user_id = ${userId}
          UNION ALL
          SELECT 'reel', incident_id, comment_text, created_at
          FROM incident_comments WHERE user_id = ${userId}
          ORDER BY "createdAt"`),
        likes: await run(sql`
          SELECT 'post' AS "on", post_id AS "targetId", created_at AS "createdAt" FROM post_likes WHERE user_id = ${userId}
          UNION ALL
          SELECT 'reel', incident_id, created_at FROM incident_likes WHERE user_id = ${userId}
          ORDER BY "createdAt"`),
        reels: await run(sql`
          SELECT id, title, description, video_url AS "videoUrl", video_source AS "videoSource", status,
                 ST_Y(location::geometry) AS latitude, ST_X(location::geometry) AS longitude,
                 likes_count AS "likesCount", comments_count AS "commentsCount", created_at AS "createdAt"
          FROM incidents WHERE uploader_id = ${userId} ORDER BY created_at, id`),
        reports: await run(sql`
          SELECT CASE WHEN post_id IS NOT NULL THEN 'post' WHEN post_comment_id IS NOT NULL THEN 'comment'
                      WHEN incident_id IS NOT NULL THEN 'reel' WHEN incident_comment_id IS NOT NULL THEN 'reel_comment'
                      ELSE 'user' END AS "targetType",
                 coalesce(post_id, post_comment_id, incident_id, incident_comment_id, reported_user_id) AS "targetId",
                 reason, details, status, resolution_note AS "resolutionNote", created_at AS "createdAt"
          FROM content_reports WHERE reporter_id = ${userId} ORDER BY created_at, id`),
        sosEvents: await run(sosEventsQuery(userId)),
        sosRatingsGiven: await run(sql`
          SELECT event_id AS "sosEventId", rating, feedback_text AS text, created_at AS "createdAt"
          FROM sos_feedback WHERE giver_id = ${userId} ORDER BY created_at, id`),
        notifications: await run(sql`
          SELECT type, title, body, data, read_at AS "readAt", created_at AS "createdAt"
          FROM notifications WHERE user_id = ${userId} ORDER BY created_at, id`),
        certificates: await run(sql`
          SELECT code, name, referral_id AS "referralId", issued_at AS "issuedAt", status, changed_at AS "changedAt"
          FROM certificates WHERE user_id = ${userId} ORDER BY issued_at`),
        pointsLedger: await run(sql`
          SELECT reason, source_id AS "sourceId", units, points, created_at AS "createdAt"
          FROM points_ledger WHERE user_id = ${userId} ORDER BY id`),
        feedbackTickets: await feedbackTickets(db, userId),
        sessions: await run(sql`
          SELECT user_agent AS "userAgent", created_at AS "createdAt", last_used_at AS "lastUsedAt",
                 expires_at AS "expiresAt", revoked_at AS "revokedAt"
          FROM sessions WHERE user_id = ${userId} ORDER BY created_at, id`),
        media: await run(sql`
          SELECT key, kind, content_type AS "contentType", size_bytes AS "sizeBytes", created_at AS "createdAt"
          FROM media_objects WHERE owner_id = ${userId} AND status <> 'deleted' ORDER BY created_at, id`),
        astroCharts: await run(sql`
          SELECT id, name, birth_date AS "birthDate", birth_time AS "birthTime", place_name AS "placeName", latitude, longitude,
                 time_zone AS "timeZone", chart, created_at AS "createdAt"
          FROM astro_charts WHERE user_id = ${userId} ORDER BY id`),
        // Whether the PINs are set and when, never their hashes or salts.
        safetyPins: (
          await run(sql`
            SELECT count(*) > 0 AS set, max(updated_at) AS "setAt" FROM safety_pins WHERE user_id = ${userId}`)
        )[0]!,
        safetyTimers: await run(safetyTimersQuery(userId)),
        journeys: await run(journeysQuery(userId)),
        // The request and its decision; the document photo only as whether one is held (its key is a private file's name).
        responderVerifications: await run(sql`
          SELECT id, profession, registration_number AS "registrationNumber", council, station, status,
                 document_key IS NOT NULL AS "documentHeld", decided_at AS "decidedAt", reason, expires_at AS "expiresAt",
                 created_at AS "createdAt"
          FROM responder_verifications WHERE user_id = ${userId} ORDER BY id`),
        responderDuty: (
          await run(sql`
            SELECT on_duty AS "onDuty", quiet_days AS "quietDays", quiet_start_min AS "quietStartMinute", quiet_end_min AS "quietEndMinute",
                   duty_set_at AS "dutySetAt", verified_profession AS "verifiedProfession", verified_until AS "verifiedUntil"
            FROM users WHERE id = ${userId}`)
        )[0]!,
        // The user's own reports with the alert each joined; the alert's other reporters are not theirs.
        alertReports: await run(sql`
          SELECT r.alert_id AS "alertId", a.category, a.status AS "alertStatus", r.text,
                 ST_Y(r.location::geometry) AS latitude, ST_X(r.location::geometry) AS longitude,
                 r.reel_id AS "reelId", r.created_at AS "createdAt"
          FROM local_alert_reports r JOIN local_alerts a ON a.id = r.alert_id
          WHERE r.user_id = ${userId} ORDER BY r.created_at, r.id`),
        // The categories chosen and the device position for alerts, which is kept only as its ~250 m cell.
        alertSettings: (
          await run(sql`
            SELECT coalesce(s.categories, '{}') AS categories,
                   ST_Y(s.location_cell::geometry) AS "cellLatitude", ST_X(s.location_cell::geometry) AS "cellLongitude",
                   s.location_at AS "locationAt", s.updated_at AS "updatedAt"
            FROM users u LEFT JOIN alert_settings s ON s.user_id = u.id WHERE u.id = ${userId}`)
        )[0]!,
      };
    },
  };
}

/**
 * The SOS events the user raised with their timeline: the trail of positions, who was reached
 * (the user's own contacts by name; volunteers only by their answer) and the evidence chunks.
 */
function sosEventsQuery(userId: number): RawBuilder<Row> {
  return sql`
    SELECT e.id, e.threat, e.contacts_only AS "contactsOnly", e.status,
           ST_Y(e.location::geometry) AS latitude, ST_X(e.location::geometry) AS longitude,
           e.created_at AS "createdAt", e.resolved_at AS "resolvedAt", e.cancelled_at AS "cancelledAt",
           coalesce((SELECT json_agg(json_build_object(
                       'latitude', ST_Y(l.location::geometry), 'longitude', ST_X(l.location::geometry),
                       'accuracyM', l.accuracy_m, 'recordedAt', l.recorded_at) ORDER BY l.recorded_at)
                     FROM sos_location_updates l WHERE l.event_id = e.id), '[]') AS trail,
           coalesce((SELECT json_agg(json_build_object(
                       'kind', n.recipient_kind, 'channel', n.channel, 'status', n.status,
                       'contactName', CASE WHEN n.recipient_kind = 'contact' THEN n.contact_name END,
                       'contactPhone', CASE WHEN n.recipient_kind = 'contact' THEN n.contact_phone END,
                       'notifiedAt', n.created_at, 'respondedAt', n.responded_at) ORDER BY n.created_at, n.id)
                     FROM sos_notifications n WHERE n.event_id = e.id), '[]') AS recipients,
           coalesce((SELECT json_agg(json_build_object(
                       'kind', c.kind, 'recording', c.recording, 'sequence', c.sequence, 'key', m.key, 'createdAt', c.created_at)
                       ORDER BY c.kind, c.recording, c.sequence)
                     FROM sos_evidence_chunks c JOIN media_objects m ON m.id = c.media_object_id
                     WHERE c.event_id = e.id), '[]') AS evidence
    FROM sos_events e
    WHERE e.user_id = ${userId}
    ORDER BY e.created_at, e.id`;
}

/**
 * The safety timers with their check-in and escalation steps. How a timer ended (safe or duress
 * PIN), the silent alert, the wrong-PIN count and the contacts' tracking links stay out: a
 * duress check-in must read as a safe one, also to someone who makes the person download this.
 */
function safetyTimersQuery(userId: number): RawBuilder<Row> {
  return sql`
    SELECT id, status, stage, duration_minutes AS "durationMinutes", extended_minutes AS "extendedMinutes", destination,
           chosen_contacts AS "chosenContacts", contacts_only AS "contactsOnly", started_at AS "startedAt", due_at AS "dueAt",
           ended_at AS "checkedInAt", contacts_alerted_at AS "contactsAlertedAt", sos_event_id AS "sosEventId",
           last_lat AS "lastLatitude", last_lon AS "lastLongitude", last_accuracy_m AS "lastAccuracyM", last_location_at AS "lastLocationAt"
    FROM safety_timers WHERE user_id = ${userId} ORDER BY id`;
}

/**
 * Journeys and the points of their track still kept (deleted a day after the journey ends).
 * Points after the end stay out: only a duress ending keeps taking them, and the export must
 * read the same for both PINs.
 */
function journeysQuery(userId: number): RawBuilder<Row> {
  return sql`
    SELECT j.timer_id AS id, j.destination_name AS "destinationName", ST_Y(j.destination::geometry) AS "destinationLatitude",
           ST_X(j.destination::geometry) AS "destinationLongitude", j.mode, j.expected_arrival_at AS "expectedArrivalAt",
           j.created_at AS "startedAt",
           coalesce((SELECT json_agg(json_build_object('at', p.at, 'latitude', ST_Y(p.location::geometry), 'longitude', ST_X(p.location::geometry),
                                                       'accuracyM', p.accuracy_m) ORDER BY p.slot)
                     FROM journey_positions p
                     WHERE p.timer_id = j.timer_id AND (t.ended_at IS NULL OR p.at <= t.ended_at)), '[]') AS track
    FROM journeys j JOIN safety_timers t ON t.id = j.timer_id
    WHERE j.user_id = ${userId} ORDER BY j.timer_id`;
}

/** Feedback tickets with their replies; the replies' authors stay out (staff are not the user's data). */
async function feedbackTickets(db: Kysely<Database>, userId: number): Promise<Row[]> {
  const result = await sql<Row>`
    SELECT t.id, t.category, t.text, t.diagnostics, t.screenshot_url AS "screenshotUrl", t.status, t.created_at AS "createdAt",
           coalesce((SELECT json_agg(json_build_object('text', r.text, 'createdAt', r.created_at) ORDER BY r.id)
                     FROM feedback_replies r WHERE r.ticket_id = t.id), '[]') AS replies
    FROM feedback_tickets t WHERE t.user_id = ${userId} ORDER BY t.id`.execute(db);
  return result.rows;
}

export type DataExportRepository = ReturnType<typeof createDataExportRepository>;
