import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from '../queries';
import { refetchAfterChange } from '../../../lib/refetch-after-change';

/** Multipart POST /api/posts/post-create; refreshes the daily counters and every community list. */
export function useCreatePostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => api.call('POST /posts/post-create', { body: form }),
    onSuccess: () => {
      // communityKeys.all covers the counters (communityKeys.limits) and every feed page.
      void refetchAfterChange(queryClient, { queryKey: communityKeys.all });
    },
  });
}
