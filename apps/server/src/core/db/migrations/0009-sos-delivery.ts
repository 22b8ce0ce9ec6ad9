import { sql, type Kysely } from 'kysely';

/**
 * SOS delivery: idempotent in-app notifications (a retried fan-out writes a user's alert
 * once), single-use tickets for the live event stream (EventSource cannot send a bearer
 * header), cheap delivery marks, and the index the volunteer search uses on volunteer places.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    ALTER TABLE notifications ADD COLUMN dedupe_key text CHECK (char_length(dedupe_key) <= 200);
    CREATE UNIQUE INDEX notifications_user_dedupe_idx ON notifications (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL;

    CREATE TABLE event_stream_tickets (
      id          serial PRIMARY KEY,
      user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      -- SHA-256 of the ticket; the ticket itself is only ever in the client's URL.
      ticket_hash text NOT NULL UNIQUE,
      expires_at  timestamptz NOT NULL,
      used_at     timestamptz,
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX event_stream_tickets_user_idx ON event_stream_tickets (user_id);
    CREATE INDEX event_stream_tickets_expires_idx ON event_stream_tickets (expires_at);

    -- Each recipient row is updated once right after insert (delivery_status 'sent'); free
    -- room on the page keeps that a heap-only update instead of touching all five indexes.
    ALTER TABLE sos_notifications SET (fillfactor = 70);

    CREATE INDEX saved_locations_volunteer_gix ON saved_locations USING gist (location) WHERE is_volunteer_location;
  `,
    )
    .execute(db);
}
