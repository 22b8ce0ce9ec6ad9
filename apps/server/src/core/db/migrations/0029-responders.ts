import { sql, type Kysely } from 'kysely';

/**
 * Verified responders (issue 19): verification requests with a private document photo, each
 * volunteer's duty (on/off, weekly quiet hours in India time), the badge kept on the user row
 * for the fan-out and the radar, the ladder's marks on each alert (tier, passed on, decline
 * reason), on-scene statuses, and practice alerts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    CREATE TABLE responder_verifications (
      id                  serial PRIMARY KEY,
      user_id             integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      profession          text NOT NULL CHECK (profession IN ('doctor', 'nurse', 'hospital', 'police', 'firefighter', 'mechanic')),
      registration_number text CHECK (char_length(registration_number) <= 40),
      council             text CHECK (char_length(council) <= 80),
      station             text CHECK (char_length(station) <= 80),
      status              text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'revoked')),
      -- Under the media directory's evidence/ folder, which /media never serves; NULL once decided (deleted).
      document_key        text,
      decided_by          integer REFERENCES users(id) ON DELETE SET NULL,
      decided_at          timestamptz,
      reason              text CHECK (char_length(reason) <= 500),
      expires_at          timestamptz,
      created_at          timestamptz NOT NULL DEFAULT now(),
      CHECK ((status = 'pending') = (decided_at IS NULL)),
      CHECK ((status = 'approved') <= (expires_at IS NOT NULL))
    );
    -- One open request per person; the reviewers' queue reads by status, oldest first.
    CREATE UNIQUE INDEX responder_verifications_one_pending_idx ON responder_verifications (user_id) WHERE status = 'pending';
    CREATE INDEX responder_verifications_status_idx ON responder_verifications (status, id);
    CREATE INDEX responder_verifications_user_idx ON responder_verifications (user_id, id DESC);
    CREATE INDEX responder_verifications_decided_by_idx ON responder_verifications (decided_by);

    -- The badge as the fan-out and the radar read it (set with the decision, cleared on revoke).
    ALTER TABLE users ADD COLUMN verified_profession text;
    ALTER TABLE users ADD COLUMN verified_until timestamptz;
    -- Duty: off-duty volunteers are never alerted; quiet hours are minutes of the India day.
    ALTER TABLE users ADD COLUMN on_duty boolean NOT NULL DEFAULT true;
    ALTER TABLE users ADD COLUMN quiet_days smallint[];
    ALTER TABLE users ADD COLUMN quiet_start_min smallint CHECK (quiet_start_min BETWEEN 0 AND 1439);
    ALTER TABLE users ADD COLUMN quiet_end_min smallint CHECK (quiet_end_min BETWEEN 0 AND 1439);
    -- Unanswered alerts are counted from here (the last time they chose their duty).
    ALTER TABLE users ADD COLUMN duty_set_at timestamptz;

    -- Whether 'at' is in the quiet hours, India time (UTC+05:30, no daylight saving); a window that
    -- crosses midnight belongs to the day it starts. inQuietHours() in packages/shared is the same rule.
    CREATE FUNCTION responder_quiet_now(days smallint[], start_min smallint, end_min smallint, at timestamptz)
    RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
      SELECT CASE
        WHEN days IS NULL OR start_min IS NULL OR end_min IS NULL THEN false
        ELSE (
          WITH local AS (SELECT at AT TIME ZONE 'UTC' + interval '330 minutes' AS t)
          SELECT CASE WHEN start_min < end_min THEN
              extract(dow FROM t)::smallint = ANY (days) AND extract(hour FROM t) * 60 + extract(minute FROM t) >= start_min
                AND extract(hour FROM t) * 60 + extract(minute FROM t) < end_min
            ELSE
              (extract(dow FROM t)::smallint = ANY (days) AND extract(hour FROM t) * 60 + extract(minute FROM t) >= start_min)
              OR (((extract(dow FROM t)::int + 6) % 7)::smallint = ANY (days) AND extract(hour FROM t) * 60 + extract(minute FROM t) < end_min)
            END
          FROM local
        )
      END
    $$;

    -- A practice alert never takes the place of a real one: the person can raise a real SOS while it runs.
    ALTER TABLE sos_events ADD COLUMN practice boolean NOT NULL DEFAULT false;
    DROP INDEX sos_events_one_active_idx;
    CREATE UNIQUE INDEX sos_events_one_active_idx ON sos_events (user_id) WHERE status = 'active' AND NOT practice;
    CREATE UNIQUE INDEX sos_events_one_active_practice_idx ON sos_events (user_id) WHERE status = 'active' AND practice;

    ALTER TABLE sos_notifications ADD COLUMN tier text CHECK (tier IN ('responder', 'volunteer'));
    -- Declined or unanswered in time: the ladder moved on to the next responder.
    ALTER TABLE sos_notifications ADD COLUMN passed_at timestamptz;
    ALTER TABLE sos_notifications ADD COLUMN decline_reason text CHECK (decline_reason IN ('too_far', 'busy', 'not_qualified'));
    ALTER TABLE sos_notifications ADD COLUMN scene_status text CHECK (scene_status IN ('en_route', 'arrived', 'handed_over', 'done'));
    ALTER TABLE sos_notifications ADD COLUMN handed_to text CHECK (handed_to IN ('ambulance', 'police'));
    ALTER TABLE sos_notifications ADD COLUMN scene_status_at timestamptz;
  `,
    )
    .execute(db);
}
