import type { Generated } from 'kysely';
import type { Default, Timestamp } from './columns';

export const REPORT_REASONS = ['spam', 'abuse', 'harassment', 'hate', 'violence', 'nudity', 'misinformation', 'scam', 'privacy', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Exactly one of the target columns is set (a CHECK enforces it). */
export interface ContentReportsTable {
  id: Generated<number>;
  reporter_id: number;
  post_id: number | null;
  post_comment_id: number | null;
  incident_id: number | null;
  incident_comment_id: number | null;
  reported_user_id: number | null;
  reason: ReportReason;
  details: string | null;
  status: Default<'open' | 'dismissed' | 'actioned'>;
  reviewed_by: number | null;
  reviewed_at: Timestamp | null;
  resolution_note: string | null;
  created_at: Default<Date>;
}

export interface ModerationTables {
  content_reports: ContentReportsTable;
}
