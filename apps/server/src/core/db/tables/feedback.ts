import type { FeedbackCategory, FeedbackStatus } from '@saathi/shared';
import type { Generated } from 'kysely';
import type { Default, JsonDefault } from './columns';

/** Feedback tickets and their answers (migration 0024). */
export interface FeedbackTicketsTable {
  id: Generated<number>;
  user_id: number;
  client_id: string | null;
  category: FeedbackCategory;
  text: string;
  diagnostics: JsonDefault<Record<string, unknown>>;
  screenshot_key: string | null;
  screenshot_url: string | null;
  status: Default<FeedbackStatus>;
  created_at: Default<Date>;
  updated_at: Default<Date>;
}

export interface FeedbackRepliesTable {
  id: Generated<number>;
  ticket_id: number;
  author_id: number | null;
  text: string;
  created_at: Default<Date>;
}

export interface FeedbackTables {
  feedback_tickets: FeedbackTicketsTable;
  feedback_replies: FeedbackRepliesTable;
}
