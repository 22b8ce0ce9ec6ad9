import { LiveLocationBody, LiveLocationResponse, PublicConfig, VolunteersNearbyQuery, VolunteersNearbyResponse } from '../schemas/volunteers';
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
  'GET /config/public': {
    tag: 'config',
    summary: 'Run-time settings of the web app (place search URL, map tiles)',
    access: 'public',
    responses: { 200: PublicConfig },
  },
});
