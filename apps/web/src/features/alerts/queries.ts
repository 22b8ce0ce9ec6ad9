import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertSettingsBody, LatLon, LocalAlert, Reel, ReportAlertBody } from '@saathi/shared';
import { api } from '../../lib/api-client';
import { retryBusy } from '../../lib/busy-retry';
import { refetchAfterChange } from '../../lib/refetch-after-change';

/** Alerts change as people report, verify and resolve them: look again this often while the list is open. */
export const NEARBY_REFRESH_MS = 60_000;
/** Settings change only by the person's own hand. */
export const SETTINGS_STALE_TIME_MS = 5 * 60_000;
/** How far the list looks (the API's largest radius). */
export const NEARBY_RADIUS_M = 5000;
/** The reels feed has no "mine": its newest pages are searched for the reporter's own (a reel for an incident is a recent one). */
export const OWN_REELS_PAGES = 3;
export const OWN_REELS_PAGE_SIZE = 50;

/** Coordinates in a query key: a few metres of GPS jitter must not make a new query. */
const keyOf = (point: LatLon) => `${point.latitude.toFixed(4)},${point.longitude.toFixed(4)}`;

export const alertKeys = {
  all: ['alerts'] as const,
  nearby: (origin: LatLon, radius: number) => [...alertKeys.all, 'nearby', keyOf(origin), radius] as const,
  detail: (id: number) => [...alertKeys.all, 'detail', id] as const,
  settings: () => [...alertKeys.all, 'settings'] as const,
  ownReels: (userId: number) => [...alertKeys.all, 'own-reels', userId] as const,
};

export function useNearbyAlertsQuery(origin: LatLon | null, radius = NEARBY_RADIUS_M) {
  return useQuery({
    queryKey: origin ? alertKeys.nearby(origin, radius) : [...alertKeys.all, 'nearby', 'none'],
    queryFn: ({ signal }) =>
      origin ? api.call('GET /alerts/nearby', { query: { latitude: origin.latitude, longitude: origin.longitude, radius }, signal }) : { items: [] },
    enabled: origin !== null,
    refetchInterval: NEARBY_REFRESH_MS,
    refetchOnWindowFocus: true,
    // Another place chosen: the old list stays until the new one is in, instead of a spinner.
    placeholderData: keepPreviousData,
  });
}

/** One alert (the one just reported, when the list around the viewer does not reach it). */
export function useAlertQuery(id: number | null) {
  return useQuery({
    queryKey: alertKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.call('GET /alerts/:id', { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    retry: false,
  });
}

export function useReportAlertMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportAlertBody) => api.call('POST /alerts', { body }),
    onSuccess: () => refetchAfterChange(queryClient, { queryKey: alertKeys.all }),
  });
}

/** Verify or resolve: the answer is the alert as it now is; every list holding it is read again. */
function useAlertAction(action: 'verify' | 'resolve') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(action === 'verify' ? 'POST /alerts/:id/verify' : 'POST /alerts/:id/resolve', { params: { id } }),
    onSuccess: (alert: LocalAlert) => {
      queryClient.setQueryData(alertKeys.detail(alert.id), alert);
      return refetchAfterChange(queryClient, { queryKey: [...alertKeys.all, 'nearby'] });
    },
  });
}

export const useVerifyAlertMutation = () => useAlertAction('verify');
export const useResolveAlertMutation = () => useAlertAction('resolve');

export function useAlertSettingsQuery(enabled = true) {
  return useQuery({
    queryKey: alertKeys.settings(),
    queryFn: ({ signal }) => api.call('GET /users/me/alert-settings', { signal }),
    staleTime: SETTINGS_STALE_TIME_MS,
    enabled,
  });
}

export function useSaveAlertSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertSettingsBody) => api.call('PUT /users/me/alert-settings', { body }),
    onSuccess: (settings) => queryClient.setQueryData(alertKeys.settings(), settings),
  });
}

/** The reporter's own reels among the newest of the feed, newest first. */
export async function fetchOwnReels(userId: number, signal?: AbortSignal): Promise<Reel[]> {
  const own: Reel[] = [];
  for (let page = 1; page <= OWN_REELS_PAGES; page += 1) {
    const reels = await api.call('GET /incidents/reels', { query: { page, pageSize: OWN_REELS_PAGE_SIZE }, signal });
    own.push(...reels.filter((reel) => reel.uploader?.id === userId));
    if (reels.length < OWN_REELS_PAGE_SIZE) break;
  }
  return own;
}

export function useOwnReelsQuery(userId: number) {
  return useQuery({
    queryKey: alertKeys.ownReels(userId),
    queryFn: ({ signal }) => fetchOwnReels(userId, signal),
    staleTime: SETTINGS_STALE_TIME_MS,
    // The reels list may be shed (busy): asked again after its Retry-After; other failures are not.
    ...retryBusy(false),
  });
}
