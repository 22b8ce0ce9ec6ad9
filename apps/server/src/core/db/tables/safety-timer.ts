import type { Generated } from 'kysely';
import type { Default, Json, Timestamp } from './columns';

export type SafetyTimerStatus = 'running' | 'ended';
export type SafetyTimerDbStage = 'running' | 'reminded' | 'overdue' | 'contacts_alerted' | 'sos_raised';

export interface SafetyPinsTable {
  user_id: number;
  safety_hash: string;
  duress_hash: string;
  updated_at: Default<Date>;
}

export interface SafetyTimersTable {
  id: Generated<number>;
  user_id: number;
  status: Default<SafetyTimerStatus>;
  stage: Default<SafetyTimerDbStage>;
  end_reason: 'safe' | 'duress' | null;
  duration_minutes: number;
  extended_minutes: Default<number>;
  destination: string | null;
  contact_ids: number[] | null;
  chosen_contacts: Json<Array<{ name: string; phone: string }>> | null;
  contacts_only: Default<boolean>;
  started_at: Timestamp;
  due_at: Timestamp;
  ended_at: Timestamp | null;
  wrong_pins: Default<number>;
  contacts_alerted_at: Timestamp | null;
  silent_alert_at: Timestamp | null;
  sos_event_id: number | null;
  last_lat: number | null;
  last_lon: number | null;
  last_accuracy_m: number | null;
  last_location_at: Timestamp | null;
  /** A journey's timer (features/journeys) or a plain one: its texts differ (migration 0040). */
  kind: Default<'timer' | 'journey'>;
  created_at: Default<Date>;
}

export interface SafetyTimerLinksTable {
  id: Generated<number>;
  timer_id: number;
  token_hash: string;
  contact_name: string | null;
  /** Null: the person's own link, to share further (a journey's `trackingUrl`); no SMS goes to it. */
  contact_phone: string | null;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  last_viewed_at: Timestamp | null;
  created_at: Default<Date>;
}

export type JourneyMode = 'walk' | 'auto' | 'bus' | 'vehicle';
export type JourneyCheckReason = 'stopped' | 'silent' | 'off_course';

/** A journey: a safety timer with a destination (migration 0039). */
export interface JourneysTable {
  timer_id: number;
  user_id: number;
  destination_name: string | null;
  /** geography(Point, 4326) */
  destination: string;
  mode: JourneyMode;
  expected_arrival_at: Timestamp;
  grace_minutes: number;
  arrival_asked_at: Timestamp | null;
  /** The watch (migration 0040): the newest point, where a stop began, the nearest to the destination so far. */
  last_point_at: Timestamp | null;
  anchor_lat: number | null;
  anchor_lon: number | null;
  still_since: Timestamp | null;
  closest_m: number | null;
  off_course_since: Timestamp | null;
  /** The earliest time the watch may ask "Are you OK?"; null: nothing to watch. */
  watch_due_at: Timestamp | null;
  check_reason: JourneyCheckReason | null;
  check_asked_at: Timestamp | null;
  track_deleted_at: Timestamp | null;
  created_at: Default<Date>;
}

/** The track, at most one point per 10 s (`slot` = epoch seconds / 10). */
export interface JourneyPositionsTable {
  timer_id: number;
  slot: number;
  at: Timestamp;
  /** geography(Point, 4326) */
  location: string;
  accuracy_m: number | null;
}

export interface SafetyTimerTables {
  safety_pins: SafetyPinsTable;
  safety_timers: SafetyTimersTable;
  safety_timer_links: SafetyTimerLinksTable;
  journeys: JourneysTable;
  journey_positions: JourneyPositionsTable;
}
