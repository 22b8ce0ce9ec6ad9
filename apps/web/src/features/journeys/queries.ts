import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentJourney, JourneyPoint, JourneyPositionsAnswer, StartJourneyBody } from '@saathi/shared';
import { api } from '../../lib/api-client';
import { refetchAfterChange } from '../../lib/refetch-after-change';

export const journeyKeys = {
  all: ['journeys'] as const,
  current: () => [...journeyKeys.all, 'current'] as const,
};

/**
 * The server moves an active journey on by itself ("Are you OK?" when it stopped, the late
 * stages after the expected arrival): look again this often, so a question shows without a reload.
 */
export const CURRENT_JOURNEY_REFRESH_MS = 15_000;

export function useCurrentJourneyQuery() {
  return useQuery({
    queryKey: journeyKeys.current(),
    queryFn: () => api.call('GET /journeys/current'),
    refetchInterval: (query) => (query.state.data?.journey?.status === 'active' ? CURRENT_JOURNEY_REFRESH_MS : false),
    refetchOnWindowFocus: true,
  });
}

/** After any change the current journey is read again from the server, the one that holds it. */
function useJourneyMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => refetchAfterChange(queryClient, { queryKey: journeyKeys.current() }) });
}

export const useStartJourneyMutation = () => useJourneyMutation((body: StartJourneyBody) => api.call('POST /journeys', { body }));

/** "I've arrived": the same answer for the safety and the duress PIN. */
export const useArriveMutation = () =>
  useJourneyMutation(({ id, pin }: { id: number; pin: string }) => api.call('POST /journeys/:id/arrive', { params: { id }, body: { pin } }));

/** "Are you OK?" answered with a PIN: the same answer for both PINs. */
export const useJourneyOkMutation = () =>
  useJourneyMutation(({ id, pin }: { id: number; pin: string }) => api.call('POST /journeys/:id/ok', { params: { id }, body: { pin } }));

export const useExtendJourneyMutation = () =>
  useJourneyMutation(({ id, minutes }: { id: number; minutes: number }) => api.call('POST /journeys/:id/extend', { params: { id }, body: { minutes } }));

/** One batch of the track (1 to 120 points); the answer may ask "Arrived?". */
export function sendJourneyPositions(id: number, points: JourneyPoint[]): Promise<JourneyPositionsAnswer> {
  return api.call('POST /journeys/:id/positions', { params: { id }, body: { points } });
}

export type Journey = NonNullable<CurrentJourney['journey']>;
