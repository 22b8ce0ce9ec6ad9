import type { Default } from './columns';

/** Per-user overrides of the configured daily limits; NULL keeps the default. */
export interface UserInteractionLimitsTable {
  user_id: number;
  daily_post_limit: number | null;
  daily_like_limit: number | null;
  daily_comment_limit: number | null;
  note: string | null;
  updated_by: number | null;
  updated_at: Default<Date>;
}

/** Counters per user per India date ('YYYY-MM-DD', Asia/Kolkata). */
export interface DailyUsageTable {
  user_id: number;
  usage_date: string;
  posts_count: Default<number>;
  likes_count: Default<number>;
  comments_count: Default<number>;
  updated_at: Default<Date>;
}

export interface UserActivityDaysTable {
  user_id: number;
  /** India date, 'YYYY-MM-DD'. */
  activity_date: string;
}

export interface EngagementTables {
  user_interaction_limits: UserInteractionLimitsTable;
  daily_usage: DailyUsageTable;
  user_activity_days: UserActivityDaysTable;
}
