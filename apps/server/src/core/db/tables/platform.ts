import type { ColumnType, Generated } from 'kysely';
import type { TraceCarrier } from '../../tracing/trace-context';
import type { Default, Json, JsonDefault, Timestamp } from './columns';

export interface AppSettingsTable {
  /** e.g. 'feature.astro_ai', 'seed.demo'. */
  key: string;
  value: Json;
  description: string | null;
  updated_by: number | null;
  updated_at: Default<Date>;
}

export type MediaKind = 'reel' | 'post_image' | 'catalog_image' | 'sos_evidence' | 'profile_image' | 'news_image' | 'other';

export interface MediaObjectsTable {
  id: Generated<number>;
  /** Storage key, e.g. 'reels/2026/11/abc.webm'; served under /media/<key> by the local adapter. */
  key: string;
  owner_id: number | null;
  kind: MediaKind;
  content_type: string;
  size_bytes: number | null;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  sha256: string | null;
  status: Default<'pending' | 'ready' | 'deleted'>;
  created_at: Generated<Date>;
  uploaded_at: Timestamp | null;
}

export interface OutboxTable {
  id: Generated<number>;
  topic: string;
  payload: JsonDefault;
  dedupe_key: string | null;
  status: Default<'pending' | 'delivered' | 'dead'>;
  attempts: Default<number>;
  max_attempts: Default<number>;
  next_attempt_at: Default<Date>;
  locked_until: Timestamp | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: Generated<Date>;
  delivered_at: Timestamp | null;
  /** `{ traceparent, tracestate? }` of whoever enqueued the row (migration 0038), or null. */
  trace_context: ColumnType<TraceCarrier | null, TraceCarrier | string | null | undefined, TraceCarrier | string | null>;
}

export interface PlatformTables {
  app_settings: AppSettingsTable;
  media_objects: MediaObjectsTable;
  outbox: OutboxTable;
}
