import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeclineReason, DutyBody, SceneStatusBody, VerificationStatus } from '@saathi/shared';
import { api } from '../../lib/api-client';
import { refetchAfterChange } from '../../lib/refetch-after-change';

/** Duty and verification change by the person's own hand; the reviewers' queue while they work through it. */
export const RESPONDER_STALE_TIME_MS = 60_000;
export const REVIEW_STALE_TIME_MS = 15_000;

export const responderKeys = {
  all: ['responders'] as const,
  duty: () => [...responderKeys.all, 'duty'] as const,
  mine: () => [...responderKeys.all, 'verification', 'me'] as const,
  review: (status: VerificationStatus) => [...responderKeys.all, 'review', status] as const,
};

export function useDutyQuery() {
  return useQuery({
    queryKey: responderKeys.duty(),
    queryFn: ({ signal }) => api.call('GET /volunteers/me/duty', { signal }),
    staleTime: RESPONDER_STALE_TIME_MS,
  });
}

export function useSetDutyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DutyBody) => api.call('PUT /volunteers/me/duty', { body }),
    onSuccess: (duty) => queryClient.setQueryData(responderKeys.duty(), duty),
  });
}

export function useMyVerificationQuery() {
  return useQuery({
    queryKey: responderKeys.mine(),
    queryFn: ({ signal }) => api.call('GET /responders/verification/me', { signal }),
    staleTime: RESPONDER_STALE_TIME_MS,
  });
}

export function useRequestVerificationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => api.call('POST /responders/verification', { body: form }),
    onSuccess: () => refetchAfterChange(queryClient, { queryKey: responderKeys.all }),
  });
}

export function usePracticeMutation() {
  return useMutation({ mutationFn: (at?: { latitude: number; longitude: number }) => api.call('POST /sos/practice', { body: at }) });
}

export function useVerificationsQuery(status: VerificationStatus) {
  return useQuery({
    queryKey: responderKeys.review(status),
    queryFn: ({ signal }) => api.call('GET /responders/verifications', { query: { status }, signal }),
    staleTime: REVIEW_STALE_TIME_MS,
    retry: false,
  });
}

/** A decision moves the request between the status lists: every list is read again. */
export function useDecideMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: number; decision: 'approve' | 'reject' | 'revoke'; reason: string }) =>
      decision === 'revoke'
        ? api.call('POST /responders/verifications/:id/revoke', { params: { id }, body: { reason } })
        : api.call('POST /responders/verifications/:id/decide', { params: { id }, body: { decision, ...(reason ? { reason } : {}) } }),
    onSuccess: () => refetchAfterChange(queryClient, { queryKey: [...responderKeys.all, 'review'] }),
  });
}

/** A volunteer's answers in SOS mode beyond accepting: why they cannot go, and where they are on the scene. */
export const sceneApi = {
  decline: (id: number, reason: DeclineReason) => api.call('POST /sos/:id/decline', { params: { id }, body: { reason } }),
  setStatus: (id: number, body: SceneStatusBody) => api.call('POST /sos/:id/status', { params: { id }, body }),
};
