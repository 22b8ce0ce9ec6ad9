import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeskAddReelBody, DeskEditReelBody, DeskReel, DeskReelsPage } from '@saathi/shared';
import { api } from '../../lib/api-client';
import { deskQueryOf, type DeskFilters } from './desk-filters';
import { refetchAfterChange } from '../../lib/refetch-after-change';

/** Moderators act on what they see; a short staleness keeps another moderator's changes close. */
export const DESK_STALE_TIME_MS = 15_000;

export const deskKeys = {
  all: ['reels-desk'] as const,
  list: (filters: DeskFilters) => [...deskKeys.all, 'list', deskQueryOf(filters)] as const,
};

export function useDeskReelsQuery(filters: DeskFilters) {
  return useInfiniteQuery({
    queryKey: deskKeys.list(filters),
    queryFn: ({ pageParam, signal }): Promise<DeskReelsPage> =>
      api.call('GET /moderation/reels', { query: { ...deskQueryOf(filters), ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: DESK_STALE_TIME_MS,
    retry: false,
  });
}

export type DeskAction = 'hide' | 'restore' | 'delete';

/** Every change moves reels between the lists (reported, hidden): all of them are read again. */
function useDeskMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => refetchAfterChange(queryClient, { queryKey: deskKeys.all }),
  });
}

export function useEditReelMutation() {
  return useDeskMutation(({ id, changes }: { id: number; changes: DeskEditReelBody }): Promise<DeskReel> =>
    api.call('PATCH /moderation/reels/:id', { params: { id }, body: changes }),
  );
}

export function useModerateReelMutation() {
  return useDeskMutation(({ id, action, reason }: { id: number; action: DeskAction; reason: string }): Promise<unknown> => {
    const request = { params: { id }, body: { reason } };
    if (action === 'hide') return api.call('POST /moderation/reels/:id/hide', request);
    if (action === 'restore') return api.call('POST /moderation/reels/:id/restore', request);
    return api.call('POST /moderation/reels/:id/delete', request);
  });
}

export function useAddHostedReelMutation() {
  return useDeskMutation((body: DeskAddReelBody): Promise<DeskReel> => api.call('POST /moderation/reels', { body }));
}
