import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const certificateKeys = {
  all: ['certificates'] as const,
  mine: () => [...certificateKeys.all, 'me'] as const,
  check: (code: string) => [...certificateKeys.all, 'check', code.trim().toUpperCase()] as const,
};

/** The signed-in user's certificate (the server issues it on the first call). */
export function useMyCertificateQuery() {
  return useQuery({
    queryKey: certificateKeys.mine(),
    queryFn: () => api.call('GET /certificates/me'),
    // A name changed on the account page issues a new certificate: always ask again on opening.
    staleTime: 0,
  });
}

/** Anyone's certificate by its code, as the public verification page shows it. */
export function useCertificateCheckQuery(code: string) {
  return useQuery({
    queryKey: certificateKeys.check(code),
    queryFn: () => api.call('GET /certificates/:code', { params: { code } }),
  });
}
