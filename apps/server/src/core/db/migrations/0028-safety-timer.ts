import { sql, type Kysely } from 'kysely';

/**
 * The safety timer ("walk me home"). The PINs are scrypt hashes with their own salt and
 * parameters (`scrypt$N$r$p$salt$hash`); a timer is one row the outbox stages read back, so
 * an extension or a check-in makes the stage jobs already queued for it moot. The contacts'
 * live-tracking links keep only a hash of their token, like the SOS links.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    CREATE TABLE safety_pins (
      user_id     integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      safety_hash text NOT NULL,
      duress_hash text NOT NULL,
      updated_at  timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE safety_timers (
      id                  serial PRIMARY KEY,
      user_id             integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      status              text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'ended')),
      stage               text NOT NULL DEFAULT 'running'
                          CHECK (stage IN ('running', 'reminded', 'overdue', 'contacts_alerted', 'sos_raised')),
      -- Never shown to anyone: a duress check-in must read as a safe one.
      end_reason          text CHECK (end_reason IN ('safe', 'duress')),
      duration_minutes    integer NOT NULL CHECK (duration_minutes BETWEEN 5 AND 240),
      extended_minutes    integer NOT NULL DEFAULT 0 CHECK (extended_minutes BETWEEN 0 AND 60),
      destination         text CHECK (char_length(destination) <= 200),
      -- The contacts chosen at the start, as they were then (editing the contacts list later
      -- gives them new ids): [{name, phone}]. NULL: every emergency contact at the time of the alert.
      contact_ids         integer[],
      chosen_contacts     jsonb,
      contacts_only       boolean NOT NULL DEFAULT false,
      started_at          timestamptz NOT NULL,
      due_at              timestamptz NOT NULL,
      ended_at            timestamptz,
      wrong_pins          integer NOT NULL DEFAULT 0,
      contacts_alerted_at timestamptz,
      silent_alert_at     timestamptz,
      sos_event_id        integer REFERENCES sos_events(id) ON DELETE SET NULL,
      last_lat            double precision,
      last_lon            double precision,
      last_accuracy_m     real,
      last_location_at    timestamptz,
      created_at          timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX safety_timers_one_running_idx ON safety_timers (user_id) WHERE status = 'running';
    CREATE INDEX safety_timers_user_idx ON safety_timers (user_id, id DESC);

    CREATE TABLE safety_timer_links (
      id                serial PRIMARY KEY,
      timer_id          integer NOT NULL REFERENCES safety_timers(id) ON DELETE CASCADE,
      token_hash        text NOT NULL UNIQUE,
      contact_name      text,
      contact_phone     text NOT NULL,
      expires_at        timestamptz NOT NULL,
      revoked_at        timestamptz,
      last_viewed_at    timestamptz,
      created_at        timestamptz NOT NULL DEFAULT now(),
      UNIQUE (timer_id, contact_phone)
    );
  `,
    )
    .execute(db);
}
