import type { Threat } from '@saathi/shared';

export interface SosRequestPosition {
  latitude: number;
  longitude: number;
  accuracy?: number | null;
}

/** The body of `POST /api/sos`, for the React panel and the early SOS alike (the accuracy capped at the API's 100 km). */
export function sosRequestBody(position: SosRequestPosition, threat: Threat | null, contactsOnly: boolean) {
  return {
    latitude: position.latitude,
    longitude: position.longitude,
    ...(position.accuracy != null ? { accuracy: Math.min(Math.round(position.accuracy), 100_000) } : {}),
    threat,
    contactsOnly,
  };
}
