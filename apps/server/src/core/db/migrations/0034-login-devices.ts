import { sql, type Kysely } from 'kysely';

/**
 * Login limits that a stranger cannot turn against a number's owner (docs/adr/0018).
 *
 * - `login_devices`: a browser that signed in to a number before. It carries a long-lived,
 *   HttpOnly device cookie; only the cookie's hash is kept. Such a browser is never slowed or
 *   challenged by what other browsers asked for that number.
 * - `otp_codes.device_hash`: the browser a code was sent for, so resend waits grow per number
 *   and browser, and codes sent to browsers unknown to the number can be told apart.
 * - `login_challenges_spent`: proof-of-work challenges already used, kept until they expire,
 *   so one solution buys one request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    CREATE TABLE login_devices (
      device_hash   text NOT NULL,
      phone_number  text NOT NULL,
      created_at    timestamptz NOT NULL DEFAULT now(),
      last_login_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (device_hash, phone_number)
    );
    CREATE INDEX login_devices_phone_idx ON login_devices (phone_number);

    ALTER TABLE otp_codes ADD COLUMN device_hash text;

    CREATE TABLE login_challenges_spent (
      nonce      text PRIMARY KEY,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX login_challenges_spent_expires_idx ON login_challenges_spent (expires_at);
  `,
    )
    .execute(db);
}
