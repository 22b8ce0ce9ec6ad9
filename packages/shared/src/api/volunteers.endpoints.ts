import { LiveLocationBody, LiveLocationResponse, PublicConfig, VolunteersNearbyQuery, VolunteersNearbyResponse } from '../schemas/volunteers';
import { Duty, DutyBody } from '../schemas/responders';
import { defineEndpoints } from './endpoint';

/** Nearby volunteers, a volunteer's live location and the web app's run-time settings. */
export const volunteersEndpoints = defineEndpoints('volunteers', {
  'GET /community/volunteers-nearby': {
    summary: 'Available volunteers within range, nearest first, at the centre of their ~250 m grid cell',
    query: VolunteersNearbyQuery,
    responses: { 200: VolunteersNearbyResponse },
    errors: ['rate_limited'],
  },
  'POST /volunteers/me/location': {
    summary: 'The device position of a volunteer sharing a live location (kept only while they share it)',
    body: LiveLocationBody,
    responses: { 200: LiveLocationResponse },
  },
  'GET /volunteers/me/duty': {
    summary: "The caller's duty: on or off, weekly quiet hours (India time), unanswered alerts in a row and whether to suggest going off duty",
    responses: { 200: Duty },
  },
  'PUT /volunteers/me/duty': {
    summary: 'Switch alerts on or off in one tap, and set or clear weekly quiet hours; off-duty volunteers are never alerted',
    body: DutyBody,
    responses: { 200: Duty },
  },
  'GET /config/public': {
    tag: 'config',
    summary: 'Run-time settings of the web app (place search URL, map tiles)',
    access: 'public',
    responses: { 200: PublicConfig },
  },
});
