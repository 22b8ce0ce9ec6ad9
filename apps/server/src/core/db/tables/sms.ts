import type { Generated } from 'kysely';
import type { Default, Json } from './columns';

/** An SMS that carried an alert to a contact (migration 0035): what its sender sees of it. */
export interface SmsMessagesTable {
  id: Generated<number>;
  dedupe_key: string;
  sos_notification_id: number | null;
  safety_timer_id: number | null;
  to_phone: string;
  template: string;
  language: string;
  /** Cleared once a gateway took the message: it holds the live-location link. */
  variables: Json | null;
  status: Default<'queued' | 'sent' | 'delivered' | 'failed' | 'undelivered'>;
  provider: string | null;
  provider_message_id: string | null;
  attempts: Default<number>;
  last_error: string | null;
  created_at: Default<Date>;
  updated_at: Default<Date>;
}

export interface SmsTables {
  sms_messages: SmsMessagesTable;
}
