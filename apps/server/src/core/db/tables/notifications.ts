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
}

export interface NotificationsTables {
  notifications: NotificationsTable;
}
