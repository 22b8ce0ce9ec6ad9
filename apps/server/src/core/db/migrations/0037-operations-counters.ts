import { sql, type Kysely } from 'kysely';

/**
 * What the status screen (`/manage/status`) reads, shared by every server process (each one's
 * Prometheus counters are its own, and a screen behind a load balancer must not change with
 * the process that answers):
 *
 * - `sos_fanout_steps`: when each radius step of an SOS had its last push accepted, written
 *   once per step by whichever delivery job finished it (the primary key makes it once).
 * - `delivery_counts`: pushes, SMS and in-app alerts per minute, channel and outcome, added
 *   by each process every few seconds. Counts only: no recipient, no text.
 * - `outbox_dead_idx`: the jobs that failed for good lately, counted at every scrape.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    CREATE TABLE sos_fanout_steps (
      event_id    bigint NOT NULL REFERENCES sos_events(id) ON DELETE CASCADE,
      step        integer NOT NULL CHECK (step >= 1),
      raised_at   timestamptz NOT NULL,
      done_at     timestamptz NOT NULL,
      PRIMARY KEY (event_id, step)
    );
    CREATE INDEX sos_fanout_steps_done_idx ON sos_fanout_steps (done_at);

    CREATE TABLE delivery_counts (
      minute   timestamptz NOT NULL,
      channel  text NOT NULL CHECK (channel IN ('push', 'sms', 'inapp')),
      outcome  text NOT NULL CHECK (outcome IN ('ok', 'failed', 'expired', 'refused')),
      count    bigint NOT NULL CHECK (count >= 0),
      PRIMARY KEY (minute, channel, outcome)
    );

    CREATE INDEX outbox_dead_idx ON outbox (created_at) WHERE status = 'dead';
  `,
    )
    .execute(db);
}
