import type { ColumnType, Generated } from 'kysely';

/** Columns the database fills in on insert. */
type Default<T> = ColumnType<T, T | undefined, T>;
/** `geography` values are written and read through PostGIS functions in `sql` templates. */
export type Geography = ColumnType<string, string, string>;
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<number>;
  phone_number: string;
  user_type: Default<string>;
  /** The roles an admin granted: editor, moderator, admin (migration 0020); `user` is implied. */
  roles: Default<string[]>;
  name: string | null;
  email: string | null;
  is_verified: Default<boolean>;
  city: string | null;
  state: string | null;
  pincode: string | null;
  dob: string | null;
  /** The first dob given with the account, set once (migration 0014, DESIGN.md §8). */
  first_dob: Default<string | null>;
  profession: string | null;
  available_for_community: Default<boolean>;
  available_for_paid_professional_service: Default<boolean>;
  share_live_location: Default<boolean>;
  /** The verified-responder badge (migration 0029): set with an approval, cleared on revoke. */
  verified_profession: string | null;
  verified_until: Timestamp | null;
  /** Off duty: never alerted. Quiet hours: minutes of the India day, on these weekdays (0 Sunday). */
  on_duty: Default<boolean>;
  quiet_days: number[] | null;
  quiet_start_min: number | null;
  quiet_end_min: number | null;
  duty_set_at: Timestamp | null;
  last_location: Geography | null;
  last_location_at: Timestamp | null;
  has_joined_community: Default<boolean>;
  /** "Show me on leaderboards" (migration 0017). */
  show_on_leaderboard: Default<boolean>;
  /** Push me breaking news (migration 0021); off unless the user opts in. */
  breaking_news_alerts: Default<boolean>;
  start_audio_video_record_on_sos: Default<boolean>;
  stream_audio_video_on_sos: Default<boolean>;
  broadcast_audio_on_sos: Default<boolean>;
  sos_countdown_seconds: Default<number>;
  referral_id: string;
  referred_by: number | null;
  is_ambassador: Default<boolean>;
  can_create_post: Default<boolean>;
  business_name: string | null;
  business_category: string | null;
  whatsapp_number: string | null;
  profile_image: string | null;
  avatar: string | null;
  default_app: Default<string>;
  language: Default<string>;
  news_language: Default<string>;
  /** News in the app's language (`language`) until the reader picks one (migration 0033). */
  news_language_follows_app: Default<boolean>;
  news_categories: Default<string[]>;
  news_type: Default<string>;
  profile_completed: Default<boolean>;
  created_at: Generated<Date>;
  updated_at: Default<Date>;
}

export interface UserPermissionsTable {
  user_id: number;
  permission: string;
}

export interface EmergencyContactsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  phone_number: string;
  relation: string | null;
  position: Default<number>;
  created_at: Generated<Date>;
}

export interface SavedLocationsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  is_business_location: Default<boolean>;
  is_volunteer_location: Default<boolean>;
  location: Geography;
  position: Default<number>;
  created_at: Generated<Date>;
}

export interface OtpCodesTable {
  id: Generated<number>;
  phone_number: string;
  code_hash: string;
  requester_ip: string;
  /** Random id handed to the client that asked for the code; verify must present it. */
  attempt_id: string | null;
  attempts: Default<number>;
  /** The browser the code was sent for (the hash of its device cookie); null for a client without one. */
  device_hash: string | null;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: Generated<Date>;
}

/** One row per wrong code, counted per IP address (rate limit on guesses). */
export interface OtpGuessesTable {
  id: Generated<number>;
  requester_ip: string;
  created_at: Generated<Date>;
}

/** A browser that signed in to a number: its device cookie's hash (login limits, ADR 0034). */
export interface LoginDevicesTable {
  device_hash: string;
  phone_number: string;
  created_at: Generated<Date>;
  last_login_at: Default<Date>;
}

/** A proof-of-work challenge already used, kept until it expires. */
export interface LoginChallengesSpentTable {
  nonce: string;
  expires_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  user_agent: string | null;
  created_at: Generated<Date>;
  last_used_at: Default<Date>;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'webpush' | 'fcm';
  endpoint: string;
  p256dh: string | null;
  auth: string | null;
  failure_count: Default<number>;
  last_success_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface UsersTables {
  users: UsersTable;
  user_permissions: UserPermissionsTable;
  emergency_contacts: EmergencyContactsTable;
  saved_locations: SavedLocationsTable;
  otp_codes: OtpCodesTable;
  otp_guesses: OtpGuessesTable;
  login_devices: LoginDevicesTable;
  login_challenges_spent: LoginChallengesSpentTable;
  sessions: SessionsTable;
  push_subscriptions: PushSubscriptionsTable;
}
