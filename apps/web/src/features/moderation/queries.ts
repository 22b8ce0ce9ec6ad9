import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AcknowledgeBody,
  AcknowledgeResponse,
  AppealBody,
  AppealDecisionBody,
  ModerationAppeal,
  ModerationDecision,
  ModerationDecisionBody,
  ModerationQueue,
  ModerationTarget,
  MyDecisions,
  ReportPostBody,
} from '@saathi/shared';
import { api } from '../../lib/api-client';
import { refetchAfterChange } from '../../lib/refetch-after-change';

/** Moderators act on what they see; a short staleness keeps another moderator's decisions close. */
export const QUEUE_STALE_TIME_MS = 15_000;

export const moderationKeys = {
  all: ['moderation'] as const,
  queue: () => [...moderationKeys.all, 'queue'] as const,
  mine: () => [...moderationKeys.all, 'mine'] as const,
};

/** The queue a page at a time (`nextCursor`); the first page also carries the open appeals. */
export function useModerationQueueQuery() {
  return useInfiniteQuery({
    queryKey: moderationKeys.queue(),
    queryFn: ({ pageParam, signal }): Promise<ModerationQueue> => api.call('GET /moderation/queue', { query: pageParam ? { cursor: pageParam } : {}, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
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
  return useMutation({ mutationFn, onSuccess: () => refetchAfterChange(queryClient, { queryKey: moderationKeys.all }) });
}

export function useDecideMutation() {
  return useModerationMutation((body: ModerationDecisionBody): Promise<ModerationDecision> => api.call('POST /moderation/decisions', { body }));
}

export function useDecideAppealMutation() {
  return useModerationMutation(({ id, body }: { id: number; body: AppealDecisionBody }): Promise<ModerationDecision> =>
    api.call('POST /moderation/appeals/:id/decide', { params: { id }, body }),
  );
}

export function useAcknowledgeMutation() {
  return useModerationMutation((body: AcknowledgeBody): Promise<AcknowledgeResponse> => api.call('POST /moderation/acknowledgements', { body }));
}

export function useAppealMutation() {
  return useModerationMutation((body: AppealBody): Promise<ModerationAppeal> => api.call('POST /moderation/appeals', { body }));
}

/** What someone reports: a post, a comment or a reel, by id. */
export interface ReportTarget {
  type: ModerationTarget;
  id: number;
}

/** A report of a post, a comment or a reel: one body, the endpoint of its kind. */
export function reportContent(target: ReportTarget, body: ReportPostBody): Promise<unknown> {
  if (target.type === 'post') return api.call('POST /posts/:postId/report', { params: { postId: target.id }, body });
  if (target.type === 'reel') return api.call('POST /incidents/reels/:id/report', { params: { id: target.id }, body });
  return api.call('POST /comments/:id/report', { params: { id: target.id }, body });
}
