import { sql, type Kysely } from 'kysely';

/** Users, their contacts and places, login codes, sessions and push subscriptions. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    CREATE EXTENSION IF NOT EXISTS postgis;

    CREATE TABLE users (
      id                      serial PRIMARY KEY,
      phone_number            text NOT NULL UNIQUE CHECK (phone_number ~ '^[6-9][0-9]{9}$'),
      user_type               text NOT NULL DEFAULT 'Youth',
      role                    text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
      name                    text,
      email                   text,
      is_verified             boolean NOT NULL DEFAULT false,
      city                    text,
      state                   text,
      pincode                 text,
      dob                     date,
      profession              text,
      available_for_community boolean NOT NULL DEFAULT false,
      available_for_paid_professional_service boolean NOT NULL DEFAULT false,
      -- A volunteer's last device position, shared while available (volunteers-nearby).
      share_live_location     boolean NOT NULL DEFAULT false,
      last_location           geography(Point, 4326),
      last_location_at        timestamptz,
      has_joined_community    boolean NOT NULL DEFAULT false,
      start_audio_video_record_on_sos boolean NOT NULL DEFAULT false,
      stream_audio_video_on_sos       boolean NOT NULL DEFAULT false,
      broadcast_audio_on_sos          boolean NOT NULL DEFAULT false,
      sos_countdown_seconds   integer NOT NULL DEFAULT 3 CHECK (sos_countdown_seconds BETWEEN 0 AND 10),
      referral_id             text NOT NULL UNIQUE,
      referred_by             integer REFERENCES users(id) ON DELETE SET NULL,
      is_ambassador           boolean NOT NULL DEFAULT false,
      can_create_post         boolean NOT NULL DEFAULT true,
      business_name           text,
      business_category       text,
      whatsapp_number         text,
      profile_image           text,
      avatar                  text,
      default_app             text NOT NULL DEFAULT 'sos' CHECK (default_app IN ('sos', 'news', 'community', 'astroai')),
      language                text NOT NULL DEFAULT 'en-US' CHECK (language IN ('en-US', 'hi-IN', 'gu-IN')),
      news_language           text NOT NULL DEFAULT 'en',
      news_categories         text[] NOT NULL DEFAULT '{}',
      news_type               text NOT NULL DEFAULT 'all',
      profile_completed       boolean NOT NULL DEFAULT false,
      created_at              timestamptz NOT NULL DEFAULT now(),
      updated_at              timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX users_referred_by_idx ON users (referred_by);
    -- Volunteers' live positions, searched by radius (ST_DWithin).
    CREATE INDEX users_last_location_gix ON users USING gist (last_location)
      WHERE available_for_community AND last_location IS NOT NULL;

    -- Replaces SPEC.md's hard-coded user-id lists (share button, location helper, logo avatar).
    CREATE TABLE user_permissions (
      user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      permission text NOT NULL,
      PRIMARY KEY (user_id, permission)
    );

    CREATE TABLE emergency_contacts (
      id           serial PRIMARY KEY,
      user_id      integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name         text NOT NULL,
      phone_number text NOT NULL,
      relation     text,
      position     integer NOT NULL DEFAULT 0,
      created_at   timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX emergency_contacts_user_idx ON emergency_contacts (user_id, position);
    CREATE INDEX emergency_contacts_phone_idx ON emergency_contacts (phone_number);

    CREATE TABLE saved_locations (
      id                    serial PRIMARY KEY,
      user_id               integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name                  text NOT NULL,
      is_business_location  boolean NOT NULL DEFAULT false,
      is_volunteer_location boolean NOT NULL DEFAULT false,
      location              geography(Point, 4326) NOT NULL,
      position              integer NOT NULL DEFAULT 0,
      created_at            timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX saved_locations_user_idx ON saved_locations (user_id, position);
    CREATE INDEX saved_locations_location_gix ON saved_locations USING gist (location);

    -- One-time login codes: only a hash is kept; attempts count wrong guesses.
    CREATE TABLE otp_codes (
      id           serial PRIMARY KEY,
      phone_number text NOT NULL,
      code_hash    text NOT NULL,
      requester_ip text NOT NULL,
      attempts     integer NOT NULL DEFAULT 0,
      expires_at   timestamptz NOT NULL,
      consumed_at  timestamptz,
      created_at   timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX otp_codes_phone_idx ON otp_codes (phone_number, created_at DESC);
    CREATE INDEX otp_codes_ip_idx ON otp_codes (requester_ip, created_at DESC);

    -- Opaque bearer tokens, stored as SHA-256 hashes so a database leak reveals none.
    CREATE TABLE sessions (
      id           serial PRIMARY KEY,
      user_id      integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash   text NOT NULL UNIQUE,
      user_agent   text,
      created_at   timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz NOT NULL DEFAULT now(),
      expires_at   timestamptz NOT NULL,
      revoked_at   timestamptz
    );
    CREATE INDEX sessions_user_idx ON sessions (user_id);

    -- Web Push subscriptions (endpoint + keys) or FCM registration tokens.
    CREATE TABLE push_subscriptions (
      id              serial PRIMARY KEY,
      user_id         integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind            text NOT NULL CHECK (kind IN ('webpush', 'fcm')),
      endpoint        text NOT NULL UNIQUE,
      p256dh          text,
      auth            text,
      failure_count   integer NOT NULL DEFAULT 0,
      last_success_at timestamptz,
      created_at      timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);
  `,
    )
    .execute(db);
}
