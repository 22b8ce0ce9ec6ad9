import type { Generated } from 'kysely';
import type { Default, Timestamp } from './columns';

import type { AnyReportReason } from '@saathi/shared';

/** Today's reasons and the earlier ones rows may still carry (migration 0023). */
export type ReportReason = AnyReportReason;

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
  /** A moderator saw the report (IT Rules 2021: within 24 hours); a decision also sets it. */
  acknowledged_by: number | null;
  acknowledged_at: Timestamp | null;
  created_at: Default<Date>;
}

export type ModerationTargetType = 'post' | 'comment' | 'reel';
export type ModerationAction = 'restore' | 'remove' | 'warn' | 'suspend';

export interface ModerationDecisionsTable {
  id: Generated<number>;
  target_type: ModerationTargetType;
  target_id: number;
  author_id: number | null;
  moderator_id: number | null;
  action: ModerationAction;
  reason: string;
  suspend_days: number | null;
  /** The decision took the item down (always for remove; warn and suspend when the moderator chose it). */
  removed_item: Default<boolean>;
  created_at: Default<Date>;
}

export interface ModerationAppealsTable {
  id: Generated<number>;
  decision_id: number;
  author_id: number;
  text: string;
  status: Default<'open' | 'upheld' | 'overturned'>;
  decided_by: number | null;
  decided_at: Timestamp | null;
  decision_reason: string | null;
  created_at: Default<Date>;
}

export interface ModerationSuspensionsTable {
  id: Generated<number>;
  user_id: number;
  decision_id: number;
  ends_at: Timestamp;
  lifted_at: Timestamp | null;
  created_at: Default<Date>;
}

export interface ModerationTables {
  content_reports: ContentReportsTable;
  moderation_decisions: ModerationDecisionsTable;
  moderation_appeals: ModerationAppealsTable;
  moderation_suspensions: ModerationSuspensionsTable;
}
