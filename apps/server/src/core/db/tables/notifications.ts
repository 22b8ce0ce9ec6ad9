import type { Generated } from 'kysely';
import type { Default, JsonDefault, Timestamp } from './columns';

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  /** Dotted lower-case type, e.g. 'sos.alert', 'post.comment'. */
  type: string;
  title: string;
  body: Default<string>;
  data: JsonDefault<Record<string, unknown>>;
  sos_event_id: number | null;
  post_id: number | null;
  actor_id: number | null;
  read_at: Timestamp | null;
  created_at: Default<Date>;
  /** Unique per user when set, so retried work writes a notification once. */
  dedupe_key: Default<string | null>;
}

/** Single-use tickets that open the live event stream (`GET /api/events?ticket=`). */
export interface EventStreamTicketsTable {
  id: Generated<number>;
  user_id: number;
  ticket_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface NotificationsTables {
  notifications: NotificationsTable;
  event_stream_tickets: EventStreamTicketsTable;
}
