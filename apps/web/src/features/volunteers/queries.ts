import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatCoordinatePair, type LatLon, type VolunteersNearbyResponse } from '@saathi/shared';
import { api } from '../../lib/api-client';
import { retryBusy } from '../../lib/busy-retry';
import { resolveLocationText } from '../../lib/geocode';

/** Volunteers move and the server snaps them to cells: a short staleness is plenty. */
export const NEARBY_STALE_TIME_MS = 30_000;
/** Run-time config changes only with a deploy. */
export const PUBLIC_CONFIG_STALE_TIME_MS = 60 * 60_000;
/** The same place name resolves the same way for a long while. */
export const GEOCODE_STALE_TIME_MS = 24 * 60 * 60_000;

export const volunteerKeys = {
  all: ['volunteers'] as const,
  nearby: (origin: LatLon, range: number) => [...volunteerKeys.all, 'nearby', formatCoordinatePair(origin), range] as const,
  geocode: (text: string, geocoderUrl: string | null) => [...volunteerKeys.all, 'geocode', geocoderUrl, text.trim().toLowerCase()] as const,
  publicConfig: () => ['config', 'public'] as const,
};

export function fetchNearbyVolunteers(origin: LatLon, range: number, signal?: AbortSignal): Promise<VolunteersNearbyResponse> {
  return api.call('GET /community/volunteers-nearby', { query: { location: formatCoordinatePair(origin), range }, signal });
}

export interface NearbyResult {
  /** The origin and radius these volunteers were searched with (the radar draws them at that scale). */
  origin: LatLon;
  range: number;
  volunteers: VolunteersNearbyResponse;
}

export function useNearbyVolunteersQuery(origin: LatLon | null, range: number) {
  return useQuery({
    queryKey: origin ? volunteerKeys.nearby(origin, range) : [...volunteerKeys.all, 'nearby', 'none'],
    queryFn: async ({ signal }): Promise<NearbyResult | null> =>
      origin ? { origin, range, volunteers: await fetchNearbyVolunteers(origin, range, signal) } : null,
    enabled: origin !== null,
    staleTime: NEARBY_STALE_TIME_MS,
    // Keep the radar filled while a new radius loads, so the count changes instead of blinking.
    placeholderData: keepPreviousData,
    // Only a search the server shed (busy) is asked again, after its Retry-After.
    ...retryBusy(false),
  });
}

export function usePublicConfigQuery() {
  return useQuery({
    queryKey: volunteerKeys.publicConfig(),
    queryFn: () => api.call('GET /config/public'),
    staleTime: PUBLIC_CONFIG_STALE_TIME_MS,
  });
}

export function useResolvedLocationQuery(text: string, geocoderUrl: string | null, language: string) {
  return useQuery({
    queryKey: volunteerKeys.geocode(text, geocoderUrl),
    queryFn: ({ signal }) => resolveLocationText(text, geocoderUrl, { signal, language }),
    enabled: text.trim() !== '',
    // The radar keeps the last place while a newly typed one resolves.
    placeholderData: keepPreviousData,
    staleTime: GEOCODE_STALE_TIME_MS,
    retry: false,
  });
}
