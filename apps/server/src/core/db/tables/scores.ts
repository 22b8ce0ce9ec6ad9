import type { ColumnType, Generated } from 'kysely';
import type { Default } from './columns';

export type ScoreReason = 'referral' | 'referral_location' | 'volunteer_location' | 'active_day' | 'referral_active_day';

/** Append-only: rows are inserted, never updated or deleted (migration 0017). */
export interface PointsLedgerTable {
  id: Generated<string>;
  user_id: number;
  reason: ScoreReason;
  source_id: string;
  about_user_id: number;
  units: 1 | -1;
  points: number;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface UserScoresTable {
  user_id: number;
  total: Default<number>;
  referrals: Default<number>;
  referral_points: Default<number>;
  referral_locations: Default<number>;
  referral_location_points: Default<number>;
  volunteer_locations: Default<number>;
  volunteer_location_points: Default<number>;
  active_days: Default<number>;
  active_day_points: Default<number>;
  referral_active_days: Default<number>;
  referral_active_day_points: Default<number>;
  reached_at: Default<Date>;
  city_key: string | null;
  state_key: string | null;
  /** India date 'YYYY-MM-DD'. */
  listed_from: string | null;
}

/** Written only by migration 0019's triggers; the location scope reads it. */
export interface LeaderboardPlacesTable {
  place_id: number;
  user_id: number;
  cell: number;
  location: string;
  total: number;
  reached_at: Date;
  listed_from: string | null;
}

export interface CertificatesTable {
  code: string;
  user_id: number;
  name: string;
  referral_id: string;
  issued_at: Date;
  status: Default<'valid' | 'revoked' | 'replaced'>;
  changed_at: Date | null;
  changed_by: number | null;
}

export interface ScoresTables {
  points_ledger: PointsLedgerTable;
  user_scores: UserScoresTable;
  leaderboard_places: LeaderboardPlacesTable;
  certificates: CertificatesTable;
}
