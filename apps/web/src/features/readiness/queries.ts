import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** One test push to the caller's own browsers (a few per hour; a 429 says when to try again). */
export function useSendTestPushMutation() {
  return useMutation({ mutationFn: () => api.call('POST /push/test') });
}
