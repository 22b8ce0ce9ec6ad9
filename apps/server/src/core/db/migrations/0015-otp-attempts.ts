import { sql, type Kysely } from 'kysely';

/**
 * Binds each login code to the client that asked for it (DESIGN.md §4). Wrong guesses
 * count against the attempt, not the phone number, so a stranger who knows a number
 * can only lock their own attempt. Codes from before this migration have no attempt and
 * can no longer be used (they expire within five minutes anyway).
 *
 * otp_guesses keeps one row per wrong guess, so guesses can be limited per IP address
 * whichever number and attempt they aim at.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    ALTER TABLE otp_codes ADD COLUMN attempt_id text;
    CREATE UNIQUE INDEX otp_codes_attempt_idx ON otp_codes (attempt_id);

    CREATE TABLE otp_guesses (
      id           serial PRIMARY KEY,
      requester_ip text NOT NULL,
      created_at   timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX otp_guesses_ip_idx ON otp_guesses (requester_ip, created_at DESC);
  `,
    )
    .execute(db);
}
