import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AppealBody,
  AppealDecisionBody,
  ModerationAppeal,
  ModerationDecision,
  ModerationDecisionBody,
  ModerationQueue,
  MyDecisions,
  ReportPostBody,
} from '@saathi/shared';
import { api } from '../../lib/api-client';

/** Moderators act on what they see; a short staleness keeps another moderator's decisions close. */
export const QUEUE_STALE_TIME_MS = 15_000;

export const moderationKeys = {
  all: ['moderation'] as const,
  queue: () => [...moderationKeys.all, 'queue'] as const,
  mine: () => [...moderationKeys.all, 'mine'] as const,
};

export function useModerationQueueQuery() {
  return useQuery({
    queryKey: moderationKeys.queue(),
    queryFn: ({ signal }): Promise<ModerationQueue> => api.call('GET /moderation/queue', { signal }),
    staleTime: QUEUE_STALE_TIME_MS,
    retry: false,
  });
}

export function useMyDecisionsQuery() {
  return useQuery({
    queryKey: moderationKeys.mine(),
    queryFn: ({ signal }): Promise<MyDecisions> => api.call('GET /moderation/decisions/mine', { signal }),
    retry: false,
  });
}

/** Every decision moves items out of the queue and changes appeals: the whole feature is read again. */
function useModerationMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }) });
}

export function useDecideMutation() {
  return useModerationMutation((body: ModerationDecisionBody): Promise<ModerationDecision> => api.call('POST /moderation/decisions', { body }));
}

export function useDecideAppealMutation() {
  return useModerationMutation(({ id, body }: { id: number; body: AppealDecisionBody }): Promise<ModerationDecision> =>
    api.call('POST /moderation/appeals/:id/decide', { params: { id }, body }),
  );
}

export function useAppealMutation() {
  return useModerationMutation((body: AppealBody): Promise<ModerationAppeal> => api.call('POST /moderation/appeals', { body }));
}

/** A report of a post or a comment (reels have their own dialog in features/reels). */
export function reportContent(target: { type: 'post' | 'comment'; id: number }, body: ReportPostBody): Promise<unknown> {
  if (target.type === 'post') return api.call('POST /posts/:postId/report', { params: { postId: target.id }, body });
  return api.call('POST /comments/:id/report', { params: { id: target.id }, body });
}
