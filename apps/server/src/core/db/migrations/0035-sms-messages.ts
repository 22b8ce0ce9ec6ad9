import { sql, type Kysely } from 'kysely';

/**
 * Each SMS that carries an alert (SOS, safety timer) to a contact, so its sender can see
 * whether it arrived (docs/adr/0020). Login and deletion codes are not kept.
 *
 * - `variables`: what the template is filled with, kept only until a gateway took the message
 *   (it holds the contact's live-location link), then cleared.
 * - `provider`, `provider_message_id`: the gateway that took it and its id, which delivery
 *   receipts carry; once set, the message is never sent again (retries and restarts check it).
 * - `status`: queued → sent → delivered, or failed (no gateway took it) / undelivered (the
 *   carrier could not reach the phone).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    CREATE TABLE sms_messages (
      id                   bigserial PRIMARY KEY,
      dedupe_key           text NOT NULL UNIQUE,
      sos_notification_id  bigint REFERENCES sos_notifications(id) ON DELETE CASCADE,
      safety_timer_id      bigint REFERENCES safety_timers(id) ON DELETE CASCADE,
      to_phone             text NOT NULL,
      template             text NOT NULL,
      language             text NOT NULL,
      variables            jsonb,
      status               text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'delivered', 'failed', 'undelivered')),
      provider             text,
      provider_message_id  text,
      attempts             integer NOT NULL DEFAULT 0,
      last_error           text,
      created_at           timestamptz NOT NULL DEFAULT now(),
      updated_at           timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX sms_messages_provider_id_idx ON sms_messages (provider, provider_message_id) WHERE provider_message_id IS NOT NULL;
    CREATE INDEX sms_messages_sos_notification_idx ON sms_messages (sos_notification_id) WHERE sos_notification_id IS NOT NULL;
    CREATE INDEX sms_messages_safety_timer_idx ON sms_messages (safety_timer_id) WHERE safety_timer_id IS NOT NULL;
  `,
    )
    .execute(db);
}
