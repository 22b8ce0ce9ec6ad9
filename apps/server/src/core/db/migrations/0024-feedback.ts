import { sql, type Kysely } from 'kysely';

/**
 * Feedback tickets (`/feedback`) and the admins' answers. A ticket keeps the diagnostics the
 * sender saw before sending, and its screenshot's storage key so the file can be removed with it.
 * `client_id` makes a ticket that an offline queue sends twice (its first answer lost) one row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    CREATE TABLE feedback_tickets (
      id             serial PRIMARY KEY,
      user_id        integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      client_id      text CHECK (char_length(client_id) BETWEEN 8 AND 64),
      category       text NOT NULL CHECK (category IN ('problem', 'idea', 'safety_concern', 'other')),
      text           text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 2000),
      diagnostics    jsonb NOT NULL DEFAULT '{}'::jsonb,
      screenshot_key text,
      screenshot_url text,
      status         text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered', 'closed')),
      created_at     timestamptz NOT NULL DEFAULT now(),
      updated_at     timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, client_id)
    );
    -- "My tickets", newest first.
    CREATE INDEX feedback_tickets_user_idx ON feedback_tickets (user_id, id DESC);
    -- The inbox by status, newest first (without a status the primary key serves it).
    CREATE INDEX feedback_tickets_status_idx ON feedback_tickets (status, id DESC);

    CREATE TABLE feedback_replies (
      id         serial PRIMARY KEY,
      ticket_id  integer NOT NULL REFERENCES feedback_tickets(id) ON DELETE CASCADE,
      author_id  integer REFERENCES users(id) ON DELETE SET NULL,
      text       text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 2000),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX feedback_replies_ticket_idx ON feedback_replies (ticket_id, id);
  `,
    )
    .execute(db);
}
