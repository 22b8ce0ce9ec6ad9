import type { Generated } from 'kysely';
import type { Default, Geography, Timestamp } from './columns';
import type { Threat } from '@saathi/shared';

export type SosStatus = 'active' | 'resolved' | 'cancelled';

export interface SosEventsTable {
  id: Generated<number>;
  /** NULL once the person deleted their account (the event stays for its volunteers' ratings). */
  user_id: number | null;
  /** NULL is shown as 'Emergency Alert'. */
  threat: Threat | null;
  contacts_only: Default<boolean>;
  status: Default<SosStatus>;
  /** NULL once the person deleted their account. */
  location: Geography | null;
  accuracy_m: number | null;
  last_location: Geography | null;
  last_accuracy_m: number | null;
  last_location_at: Timestamp | null;
  radius_m: Default<number>;
  radius_step: Default<number>;
  created_at: Default<Date>;
  updated_at: Default<Date>;
  resolved_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  /** A practice alert a volunteer sent themself (migration 0029). */
  practice: Default<boolean>;
}

export interface SosLocationUpdatesTable {
  id: Generated<number>;
  event_id: number;
  location: Geography;
  accuracy_m: number | null;
  heading_deg: number | null;
  speed_mps: number | null;
  recorded_at: Default<Date>;
  created_at: Generated<Date>;
}

export interface SosEvidenceChunksTable {
  id: Generated<number>;
  event_id: number;
  media_object_id: number;
  kind: 'audio' | 'video';
  /** Each MediaRecorder start is its own playable webm (migration 0032); 0 for older clients. */
  recording: Generated<number>;
  sequence: number;
  started_at: Timestamp | null;
  duration_ms: number | null;
  created_at: Generated<Date>;
}

export type SosResponse = 'notified' | 'accepted' | 'declined';

export interface SosNotificationsTable {
  id: Generated<number>;
  event_id: number;
  recipient_kind: 'volunteer' | 'contact';
  recipient_user_id: number | null;
  contact_name: string | null;
  contact_phone: string | null;
  channel: 'push' | 'in_app' | 'sms';
  status: Default<SosResponse>;
  delivery_status: Default<'pending' | 'sent' | 'failed'>;
  delivery_error: string | null;
  /** Exact metres from the victim: written only when the volunteer accepts (0016-sos-cell-distance). */
  distance_m: number | null;
  /** Volunteers: metres from the victim to their privacy cell's centre, at fan-out; only its band is shown. */
  cell_distance_m: number | null;
  radius_m: number | null;
  feedback_added: Default<boolean>;
  responded_at: Timestamp | null;
  created_at: Default<Date>;
  updated_at: Default<Date>;
  /** The ladder (migration 0029): alerted first as a fitting verified responder, or with the others. */
  tier: 'responder' | 'volunteer' | null;
  /** Declined or left unanswered in time: the alert moved on to the next responder. */
  passed_at: Timestamp | null;
  decline_reason: 'too_far' | 'busy' | 'not_qualified' | null;
  scene_status: 'en_route' | 'arrived' | 'handed_over' | 'done' | null;
  handed_to: 'ambulance' | 'police' | null;
  scene_status_at: Timestamp | null;
  /** A contact who is also an available volunteer within the radius (migration 0031): one row, both roles. */
  also_volunteer: Default<boolean>;
}

export interface SosFeedbackTable {
  id: Generated<number>;
  event_id: number;
  /** NULL once the giver deleted their account. */
  giver_id: number | null;
  receiver_id: number;
  /** 1..5 */
  rating: number;
  feedback_text: Default<string>;
  status: Default<string>;
  created_at: Default<Date>;
}

export interface SosTrackingTokensTable {
  id: Generated<number>;
  event_id: number;
  notification_id: number | null;
  /** SHA-256 of the token in the contact's link; the token itself is never stored. */
  token_hash: string;
  contact_name: string | null;
  contact_phone: string | null;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  last_viewed_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface SosTables {
  sos_events: SosEventsTable;
  sos_location_updates: SosLocationUpdatesTable;
  sos_evidence_chunks: SosEvidenceChunksTable;
  sos_notifications: SosNotificationsTable;
  sos_feedback: SosFeedbackTable;
  sos_tracking_tokens: SosTrackingTokensTable;
}
