import type { Generated } from 'kysely';
import type { Default, GeneratedColumn, Geography, Timestamp } from './columns';

export type LocalAlertDbStatus = 'unverified' | 'verified' | 'corroborated' | 'resolved' | 'expired';

/** Migration 0030-local-alerts (features/alerts). */
export interface LocalAlertsTable {
  id: Generated<number>;
  category: string;
  status: Default<LocalAlertDbStatus>;
  location: Geography;
  /** Generated: the ~250 m cell centre of `location`. */
  cell: GeneratedColumn<string>;
  text: string;
  reporter_id: number | null;
  reel_id: number | null;
  reporters: Default<number>;
  verifier_role: 'moderator' | 'responder' | null;
  verifier_profession: string | null;
  verified_by: number | null;
  verified_at: Timestamp | null;
  corroborated_at: Timestamp | null;
  pushed_at: Timestamp | null;
  resolved_at: Timestamp | null;
  resolved_by_role: 'moderator' | 'responder' | 'reporter' | null;
  expires_at: Timestamp;
  created_at: Timestamp;
  last_report_at: Timestamp;
}

export interface LocalAlertReportsTable {
  id: Generated<number>;
  alert_id: number;
  user_id: number;
  location: Geography;
  text: string;
  reel_id: number | null;
  india_day: string;
  created_at: Timestamp;
}

export interface AlertSettingsTable {
  user_id: number;
  categories: Default<string[]>;
  location_cell: Geography | null;
  location_at: Timestamp | null;
  updated_at: Timestamp;
}

export interface LocalAlertDeliveriesTable {
  alert_id: number;
  user_id: number;
  india_day: string;
  pushed: boolean;
  held: 'daily_cap' | 'quiet_hours' | 'ended' | null;
  distance_m: number;
  created_at: Timestamp;
  delivered_at: Timestamp | null;
}

export interface AlertsTables {
  local_alerts: LocalAlertsTable;
  local_alert_reports: LocalAlertReportsTable;
  alert_settings: AlertSettingsTable;
  local_alert_deliveries: LocalAlertDeliveriesTable;
}
