import { TrackingParams, TrackingView } from '../schemas/sos';
import { defineEndpoints, ok } from './endpoint';

/**
 * The live-tracking page of contacts without the app (`/track/<token>`): public, the token is
 * the credential; it stops working (410) when the event ends or the link expires.
 */
export const trackingEndpoints = defineEndpoints('sos', {
  'GET /track/:token': ok(TrackingView, {
    priority: 'sos',
    access: 'public',
    params: TrackingParams,
    errors: ['not_found', 'link_expired', 'journey_arrived'],
  }).summary(
    "Public: an SOS event's (or a safety timer's or journey's) status and live location for a contact's tracking link; a journey's link answers 410 journey_arrived once it ended safely",
  ),
});
