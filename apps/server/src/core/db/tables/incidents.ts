import type { Generated } from 'kysely';
import type { Default, Geography, TriggerCount } from './columns';

export interface IncidentsTable {
  id: Generated<number>;
  uploader_id: number | null;
  title: Default<string>;
  description: Default<string>;
  video_url: string;
  video_source: Default<'normal' | 'youtube'>;
  media_object_id: number | null;
  thumbnail_url: string | null;
  location: Geography | null;
  duration_ms: number | null;
  status: Default<'active' | 'hidden' | 'removed'>;
  /** Why a moderator hid it (migration 0022); null unless hidden. */
  hidden_reason: string | null;
  likes_count: TriggerCount;
  comments_count: TriggerCount;
  shares_count: TriggerCount;
  created_at: Default<Date>;
  updated_at: Default<Date>;
}

export interface IncidentLikesTable {
  incident_id: number;
  user_id: number;
  created_at: Default<Date>;
}

export interface IncidentCommentsTable {
  id: Generated<number>;
  incident_id: number;
  user_id: number;
  comment_text: string;
  created_at: Default<Date>;
}

export interface IncidentSharesTable {
  id: Generated<number>;
  incident_id: number;
  user_id: number | null;
  created_at: Default<Date>;
}

export interface IncidentsTables {
  incidents: IncidentsTable;
  incident_likes: IncidentLikesTable;
  incident_comments: IncidentCommentsTable;
  incident_shares: IncidentSharesTable;
}
