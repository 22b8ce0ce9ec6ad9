import { LiveLocationBody, LiveLocationResponse, PublicConfig, VolunteersNearbyQuery, VolunteersNearbyResponse } from '../schemas/volunteers';
import { Duty, DutyBody } from '../schemas/responders';
import { defineEndpoints, ok } from './endpoint';

/** Nearby volunteers, a volunteer's live location and the web app's run-time settings. */
export const volunteersEndpoints = defineEndpoints('volunteers', {
  'GET /community/volunteers-nearby': ok(VolunteersNearbyResponse, { priority: 'deferrable', query: VolunteersNearbyQuery, errors: ['rate_limited'] }).summary(
    'Available volunteers within range, nearest first, at the centre of their ~250 m grid cell',
  ),
  'POST /volunteers/me/location': ok(LiveLocationResponse, { body: LiveLocationBody }).summary(
    'The device position of a volunteer sharing a live location (kept only while they share it)',
  ),
  'GET /volunteers/me/duty': ok(Duty).summary(
    "The caller's duty: on or off, weekly quiet hours (India time), unanswered alerts in a row and whether to suggest going off duty",
  ),
  'PUT /volunteers/me/duty': ok(Duty, { body: DutyBody }).summary(
    'Switch alerts on or off in one tap, and set or clear weekly quiet hours; off-duty volunteers are never alerted',
  ),
  'GET /config/public': ok(PublicConfig, { tag: 'config', access: 'public' }).summary('Run-time settings of the web app (place search URL, map tiles)'),
});
