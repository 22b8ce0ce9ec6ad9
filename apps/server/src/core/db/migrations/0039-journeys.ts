import { sql, type Kysely } from 'kysely';

/**
 * Journeys ("walk me home", docs/adr/0023): a journey is a safety timer with a destination, a
 * mode and a track. The timer row keeps what it always kept (stages, PINs, duress, extensions,
 * the contacts' links); `journeys` adds where the person is going and when they expect to
 * arrive, and `journey_positions` the track the contacts watch, at most one point per 10 s
 * (`slot` = the point's epoch second / 10, a 10-second window of the clock: a repeated or late point lands on a slot already
 * taken and is skipped).
 *
 * A timer link with no phone is the person's own link to share further (the journey's
 * `trackingUrl`): it gets no SMS and no all-clear.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    CREATE TABLE journeys (
      timer_id            integer PRIMARY KEY REFERENCES safety_timers(id) ON DELETE CASCADE,
      user_id             integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      destination_name    text CHECK (char_length(destination_name) <= 200),
      destination         geography(Point, 4326) NOT NULL,
      mode                text NOT NULL CHECK (mode IN ('walk', 'auto', 'bus', 'vehicle')),
      expected_arrival_at timestamptz NOT NULL,
      grace_minutes       integer NOT NULL CHECK (grace_minutes BETWEEN 10 AND 60),
      -- "Arrived? Enter your PIN": when a point first came near the destination.
      arrival_asked_at    timestamptz,
      created_at          timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX journeys_user_idx ON journeys (user_id, timer_id DESC);

    CREATE TABLE journey_positions (
      timer_id    integer NOT NULL REFERENCES journeys(timer_id) ON DELETE CASCADE,
      slot        bigint NOT NULL,
      at          timestamptz NOT NULL,
      location    geography(Point, 4326) NOT NULL,
      accuracy_m  real CHECK (accuracy_m >= 0),
      PRIMARY KEY (timer_id, slot)
    );

    ALTER TABLE safety_timer_links ALTER COLUMN contact_phone DROP NOT NULL;
  `,
    )
    .execute(db);
}
