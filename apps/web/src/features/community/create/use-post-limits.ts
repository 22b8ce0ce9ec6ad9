import type { CommunityPost, InteractionLimits } from '@saathi/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const interactionKeys = {
  limits: (userId: number) => ['community', 'user-interaction', userId] as const,
};

/** The six daily counters of GET /api/posts/user-interaction/{userId}. */
export function useInteractionLimitsQuery(userId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: interactionKeys.limits(userId ?? 0),
    queryFn: () => api.get<InteractionLimits>(`/posts/user-interaction/${userId ?? 0}`),
    enabled: enabled && userId !== undefined,
  });
}

/** Multipart POST /api/posts/post-create; refreshes the limits and every community list. */
export function useCreatePostMutation(userId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => api.postForm<CommunityPost>('/posts/post-create', form),
    onSuccess: () => {
      if (userId !== undefined) void queryClient.invalidateQueries({ queryKey: interactionKeys.limits(userId) });
      void queryClient.invalidateQueries({ queryKey: ['community'] });
    },
  });
}
