import type { LoginChallenge } from './schemas/login-challenge';
/**
 * The closed list of error codes the API answers, each with its HTTP status. The web app has
 * a text for every code in each language (apps/web/src/i18n/locales/<lang>/errors.json) and
 * shows that text, never the English `message`, which is for logs and API readers.
 *
 * This module imports nothing, so the web app can use it without pulling in schema code.
 */
export const ERROR_CODES = {
  // 400: the input is wrong
  validation_error: 400,
  bad_request: 400,
  code_not_requested: 400,
  code_expired: 400,
  incorrect_code: 400,
  dob_change_not_allowed: 400,
  business_post_too_far: 400,
  not_accepted: 400,
  not_webm: 400,
  video_missing: 400,
  video_incomplete: 400,
  empty_upload: 400,
  location_required: 400,
  safety_pin_wrong: 400,
  own_catalog_order: 400,
  catalog_item_missing: 400,
  own_post_report: 400,
  own_reel_report: 400,
  own_comment_report: 400,
  post_empty: 400,
  category_required: 400,
  too_many_photos: 400,
  image_rejected: 400,
  news_image_not_found: 400,
  news_needs_a_language: 400,
  screenshot_too_large: 400,
  alert_text_refused: 400,
  alert_reel_not_yours: 400,
  // 401, 403: who may do it
  unauthorized: 401,
  forbidden: 403,
  origin_mismatch: 403,
  age_restricted: 403,
  business_location_required: 403,
  post_not_yours: 403,
  comment_not_yours: 403,
  sos_not_yours: 403,
  sos_not_alerted: 403,
  posting_suspended: 403,
  alert_adults_only: 403,
  alert_verifier_only: 403,
  alert_not_yours: 403,
  // 404, 409, 410: what is there
  not_found: 404,
  user_not_found: 404,
  post_not_found: 404,
  comment_not_found: 404,
  reel_not_found: 404,
  catalog_empty: 404,
  sos_not_found: 404,
  evidence_not_found: 404,
  certificate_not_found: 404,
  news_not_found: 404,
  decision_not_found: 404,
  appeal_not_found: 404,
  feedback_not_found: 404,
  safety_timer_not_found: 404,
  journey_not_found: 404,
  verification_not_found: 404,
  alert_not_found: 404,
  conflict: 409,
  sos_ended: 409,
  sos_closed_for_evidence: 409,
  feedback_already_given: 409,
  evidence_chunk_exists: 409,
  profile_incomplete: 409,
  last_admin: 409,
  news_slug_taken: 409,
  news_was_published: 409,
  reel_already_reported: 409,
  appeal_exists: 409,
  not_appealable: 409,
  same_moderator: 409,
  safety_pins_not_set: 409,
  safety_timer_running: 409,
  safety_timer_ended: 409,
  journey_running: 409,
  journey_ended: 409,
  safety_timer_extension_limit: 409,
  verification_pending: 409,
  verification_closed: 409,
  sos_not_accepted: 409,
  alert_own_report: 409,
  alert_closed: 409,
  link_expired: 410,
  journey_arrived: 410,
  // 413, 415: the upload itself
  payload_too_large: 413,
  video_too_large: 413,
  photo_too_large: 413,
  photos_too_large: 413,
  unsupported_media_type: 415,
  video_not_webm: 415,
  // 428: solve a proof-of-work challenge and send the request again
  challenge_required: 428,
  // 429: wait before trying again
  too_many_requests: 429,
  rate_limited: 429,
  sos_rate_limited: 429,
  daily_limit_reached: 429,
  code_locked: 429,
  push_test_limit: 429,
  astro_question_limit: 429,
  alert_report_limit: 429,
  // 5xx: our side
  internal_error: 500,
  sms_failed: 502,
  starting: 503,
  db_unavailable: 503,
  not_ready: 503,
  busy: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * A code some call answers with a second status, kept for the clients written against it:
 * a volunteer who opens an SOS that has ended gets 403 `sos_ended` (no longer theirs to see),
 * while acting on an ended SOS is 409 `sos_ended`.
 */
export const OTHER_STATUSES: Partial<Record<ErrorCode, readonly number[]>> = { sos_ended: [403] };
export type ErrorStatus = (typeof ERROR_CODES)[ErrorCode];

/** Values a localised error text may interpolate (`{{seconds}}`, `{{limit}}`...). */
export type ErrorParams = Record<string, string | number>;

/** The body of every error answer (DESIGN.md §4). */
export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    /** English, for logs and API readers; people see the localised text of `code`. */
    message: string;
    params?: ErrorParams;
    /** The dotted path of the input that failed (`locations.0.name`). */
    field?: string;
    /** On 429 answers and 503 `busy`: how long to wait before trying again (also the Retry-After header). */
    retryAfterSeconds?: number;
    /** On 428 `challenge_required`: the proof-of-work challenge to solve (ALTCHA's format). */
    challenge?: LoginChallenge;
  };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}
