import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentSafetyTimer, SafetyTimerLocation, StartSafetyTimerBody } from '@saathi/shared';
import { api } from '../../lib/api-client';
import { refetchAfterChange } from '../../lib/refetch-after-change';

export const safetyTimerKeys = {
  all: ['safety-timer'] as const,
  current: () => [...safetyTimerKeys.all, 'current'] as const,
  pins: () => [...safetyTimerKeys.all, 'pins'] as const,
  contacts: () => [...safetyTimerKeys.all, 'contacts'] as const,
};

/** The server moves a running timer on (reminded, overdue, contacts alerted): look again this often. */
export const CURRENT_REFRESH_MS = 15_000;

export function useCurrentTimerQuery() {
  return useQuery({
    queryKey: safetyTimerKeys.current(),
    queryFn: () => api.call('GET /safety-timers/current'),
    refetchInterval: (query) => (query.state.data?.timer?.status === 'running' ? CURRENT_REFRESH_MS : false),
    refetchOnWindowFocus: true,
  });
}

export function usePinsStatusQuery() {
  return useQuery({ queryKey: safetyTimerKeys.pins(), queryFn: () => api.call('GET /users/me/safety-pins') });
}

export function useTimerContactsQuery() {
  return useQuery({ queryKey: safetyTimerKeys.contacts(), queryFn: () => api.call('GET /safety-timers/contacts') });
}

export function useSavePinsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { safetyPin: string; duressPin: string }) => api.call('PUT /users/me/safety-pins', { body }),
    onSuccess: () => queryClient.setQueryData(safetyTimerKeys.pins(), { set: true }),
  });
}

/** After any change the current timer is read again from the server, the one that holds it. */
function useTimerMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => refetchAfterChange(queryClient, { queryKey: safetyTimerKeys.current() }) });
}

export const useStartTimerMutation = () => useTimerMutation((body: StartSafetyTimerBody) => api.call('POST /safety-timers', { body }));

export const useCheckInMutation = () =>
  useTimerMutation(({ id, pin }: { id: number; pin: string }) => api.call('POST /safety-timers/:id/check-in', { params: { id }, body: { pin } }));

export const useExtendMutation = () =>
  useTimerMutation(({ id, minutes }: { id: number; minutes: number }) => api.call('POST /safety-timers/:id/extend', { params: { id }, body: { minutes } }));

export function sendTimerLocation(id: number, location: SafetyTimerLocation): Promise<undefined> {
  return api.call('POST /safety-timers/:id/location', { params: { id }, body: location });
}

export type CurrentTimer = NonNullable<CurrentSafetyTimer['timer']>;
