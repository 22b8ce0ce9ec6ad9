import { sql, type Kysely } from 'kysely';

/**
 * SOS: the event, its live location trail, evidence chunks, who was notified and how
 * they answered, the victim's feedback on volunteers, and the contacts' tracking links.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    CREATE TABLE sos_events (
      id               serial PRIMARY KEY,
      user_id          integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      -- NULL is shown as 'Emergency Alert' (SPEC.md section 3).
      threat           text CHECK (threat IN ('medical', 'fire', 'accident', 'harassment', 'theft', 'other')),
      contacts_only    boolean NOT NULL DEFAULT false,
      status           text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'resolved', 'cancelled')),
      -- Where the alert was raised, and the newest position streamed since.
      location         geography(Point, 4326) NOT NULL,
      accuracy_m       real CHECK (accuracy_m >= 0),
      last_location    geography(Point, 4326),
      last_accuracy_m  real CHECK (last_accuracy_m >= 0),
      last_location_at timestamptz,
      -- Volunteer search radius, widened in steps (500 m, 1 km, 2 km, 5 km) while nobody accepts.
      radius_m         integer NOT NULL DEFAULT 500 CHECK (radius_m > 0),
      radius_step      smallint NOT NULL DEFAULT 0 CHECK (radius_step >= 0),
      created_at       timestamptz NOT NULL DEFAULT now(),
      updated_at       timestamptz NOT NULL DEFAULT now(),
      resolved_at      timestamptz,
      cancelled_at     timestamptz,
      CHECK ((status = 'resolved') = (resolved_at IS NOT NULL)),
      CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL))
    );
    CREATE INDEX sos_events_user_idx ON sos_events (user_id, created_at DESC);
    -- One live alert per person: a second press returns the running event instead of a duplicate.
    CREATE UNIQUE INDEX sos_events_one_active_idx ON sos_events (user_id) WHERE status = 'active';
    CREATE INDEX sos_events_active_idx ON sos_events (created_at) WHERE status = 'active';
    CREATE INDEX sos_events_location_gix ON sos_events USING gist (location);
    CREATE INDEX sos_events_last_location_gix ON sos_events USING gist (last_location);

    CREATE TABLE sos_location_updates (
      id          bigserial PRIMARY KEY,
      event_id    integer NOT NULL REFERENCES sos_events(id) ON DELETE CASCADE,
      location    geography(Point, 4326) NOT NULL,
      accuracy_m  real CHECK (accuracy_m >= 0),
      heading_deg real CHECK (heading_deg >= 0 AND heading_deg < 360),
      speed_mps   real CHECK (speed_mps >= 0),
      recorded_at timestamptz NOT NULL DEFAULT now(),
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX sos_location_updates_event_idx ON sos_location_updates (event_id, recorded_at DESC);
    CREATE INDEX sos_location_updates_location_gix ON sos_location_updates USING gist (location);

    -- Audio/video evidence uploaded in short chunks while recording, so it survives a lost phone.
    CREATE TABLE sos_evidence_chunks (
      id              bigserial PRIMARY KEY,
      event_id        integer NOT NULL REFERENCES sos_events(id) ON DELETE CASCADE,
      -- Evidence is never dropped by deleting its file record first.
      media_object_id integer NOT NULL REFERENCES media_objects(id) ON DELETE RESTRICT,
      kind            text NOT NULL CHECK (kind IN ('audio', 'video')),
      sequence        integer NOT NULL CHECK (sequence >= 0),
      started_at      timestamptz,
      duration_ms     integer CHECK (duration_ms >= 0),
      created_at      timestamptz NOT NULL DEFAULT now(),
      UNIQUE (event_id, kind, sequence)
    );
    CREATE INDEX sos_evidence_chunks_media_object_idx ON sos_evidence_chunks (media_object_id);

    -- Everyone an event reached: volunteers (app users) and emergency contacts (app users or
    -- bare phone numbers). One row per recipient per event, so retried fan-out cannot double-notify.
    CREATE TABLE sos_notifications (
      id                serial PRIMARY KEY,
      event_id          integer NOT NULL REFERENCES sos_events(id) ON DELETE CASCADE,
      recipient_kind    text NOT NULL CHECK (recipient_kind IN ('volunteer', 'contact')),
      recipient_user_id integer REFERENCES users(id) ON DELETE CASCADE,
      contact_name      text,
      contact_phone     text CHECK (contact_phone ~ '^[6-9][0-9]{9}$'),
      channel           text NOT NULL CHECK (channel IN ('push', 'in_app', 'sms')),
      status            text NOT NULL DEFAULT 'notified' CHECK (status IN ('notified', 'accepted', 'declined')),
      delivery_status   text NOT NULL DEFAULT 'pending' CHECK (delivery_status IN ('pending', 'sent', 'failed')),
      delivery_error    text,
      -- Distance from the victim when notified, and the radius step that reached them.
      distance_m        integer CHECK (distance_m >= 0),
      radius_m          integer CHECK (radius_m > 0),
      feedback_added    boolean NOT NULL DEFAULT false,
      responded_at      timestamptz,
      created_at        timestamptz NOT NULL DEFAULT now(),
      updated_at        timestamptz NOT NULL DEFAULT now(),
      CHECK (recipient_user_id IS NOT NULL OR contact_phone IS NOT NULL),
      CHECK (recipient_kind = 'contact' OR recipient_user_id IS NOT NULL),
      CHECK ((status = 'notified') = (responded_at IS NULL))
    );
    CREATE UNIQUE INDEX sos_notifications_event_user_idx ON sos_notifications (event_id, recipient_user_id)
      WHERE recipient_user_id IS NOT NULL;
    CREATE UNIQUE INDEX sos_notifications_event_phone_idx ON sos_notifications (event_id, contact_phone)
      WHERE recipient_user_id IS NULL;
    CREATE INDEX sos_notifications_event_status_idx ON sos_notifications (event_id, status);
    CREATE INDEX sos_notifications_recipient_idx ON sos_notifications (recipient_user_id, created_at DESC);

    -- A victim's rating of a volunteer who accepted (SPEC.md "Feedback payload").
    CREATE TABLE sos_feedback (
      id            serial PRIMARY KEY,
      event_id      integer NOT NULL REFERENCES sos_events(id) ON DELETE CASCADE,
      giver_id      integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      receiver_id   integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      rating        smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
      feedback_text text NOT NULL DEFAULT 'Good' CHECK (char_length(feedback_text) <= 1000),
      status        text NOT NULL DEFAULT 'Resolved' CHECK (char_length(status) BETWEEN 1 AND 40),
      created_at    timestamptz NOT NULL DEFAULT now(),
      UNIQUE (giver_id, receiver_id, event_id),
      CHECK (giver_id <> receiver_id)
    );
    CREATE INDEX sos_feedback_receiver_idx ON sos_feedback (receiver_id, created_at DESC);
    CREATE INDEX sos_feedback_event_idx ON sos_feedback (event_id);

    -- Links for contacts without the app; only a hash of the token is stored.
    CREATE TABLE sos_tracking_tokens (
      id              serial PRIMARY KEY,
      event_id        integer NOT NULL REFERENCES sos_events(id) ON DELETE CASCADE,
      notification_id integer REFERENCES sos_notifications(id) ON DELETE SET NULL,
      token_hash      text NOT NULL UNIQUE,
      contact_name    text,
      contact_phone   text CHECK (contact_phone ~ '^[6-9][0-9]{9}$'),
      expires_at      timestamptz NOT NULL,
      revoked_at      timestamptz,
      last_viewed_at  timestamptz,
      created_at      timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX sos_tracking_tokens_event_idx ON sos_tracking_tokens (event_id);
    CREATE INDEX sos_tracking_tokens_notification_idx ON sos_tracking_tokens (notification_id);
  `,
    )
    .execute(db);
}
