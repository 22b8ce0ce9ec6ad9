import { AlertReported, AlertSettings, AlertSettingsBody, LocalAlert, NearbyAlerts, NearbyAlertsQuery, ReportAlertBody } from '../schemas/alerts';
import { created, defineEndpoints, ok } from './endpoint';

/**
 * Calm local alerts: adults report what is happening nearby; a moderator or a verified
 * responder verifies it (or three people corroborate it) and only then is it pushed, to those
 * who opted in to its category within its radius, at most 3 a day and quiet at night. The
 * reporter is never shown to anyone, and every location shown is a ~250 m cell centre.
 */
export const alertsEndpoints = defineEndpoints('alerts', {
  'POST /alerts': created(AlertReported, {
    body: ReportAlertBody,
    errors: ['alert_adults_only', 'alert_text_refused', 'alert_reel_not_yours', 'alert_report_limit'],
  }).summary(
    'Report an incident nearby (adults; 5 a day). A report of the same category within 500 m of an active alert joins it; three different people within 30 minutes corroborate it',
  ),
  'GET /alerts/nearby': ok(NearbyAlerts, { query: NearbyAlertsQuery }).summary(
    'Active alerts (unverified ones labelled) within radius metres (at most 5000) of a point, nearest first, each at its ~250 m cell centre',
  ),
  'GET /alerts/:id': ok(LocalAlert, { errors: ['alert_not_found'] }).summary('One alert, active or ended, as anyone sees it (never its reporter)'),
  'POST /alerts/:id/verify': ok(LocalAlert, {
    errors: ['alert_not_found', 'alert_verifier_only', 'alert_own_report', 'alert_closed'],
  }).summary('Moderators and verified responders: confirm an alert; a verified alert is pushed to opted-in people within its radius, once'),
  'POST /alerts/:id/resolve': ok(LocalAlert, {
    errors: ['alert_not_found', 'alert_not_yours', 'alert_closed'],
  }).summary('A moderator, a verified responder or the person who reported it: the alert is over; everyone it was pushed to gets an all-clear'),
  'GET /users/me/alert-settings': ok(AlertSettings).summary('The alert categories the caller opted in to (none by default) and the push radius of each'),
  'PUT /users/me/alert-settings': ok(AlertSettings, { body: AlertSettingsBody }).summary(
    'Choose the alert categories to be pushed; `location` (optional) is the device position, kept as its ~250 m cell for 24 hours',
  ),
});
