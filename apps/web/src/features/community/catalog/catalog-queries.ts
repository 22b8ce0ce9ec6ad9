import type { CatalogResponse, LatLon, Order } from '@saathi/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';

export function useCatalogQuery(businessUserId: number, reader: LatLon | null, enabled: boolean) {
  return useQuery({
    queryKey: ['community', 'catalog', businessUserId, reader?.latitude ?? null, reader?.longitude ?? null],
    queryFn: () =>
      api.get<CatalogResponse>(`/community/business-catalog/${businessUserId}`, reader ? { latitude: reader.latitude, longitude: reader.longitude } : undefined),
    enabled,
    retry: false,
  });
}

export function usePlaceOrderMutation() {
  return useMutation({
    mutationFn: (body: { businessUserId: number; order: { slideId: number; text: string; title: string }[] }) => api.post<Order>('/community/orders', body),
  });
}

/** Why the catalog cannot be shown (SPEC.md §6 hints), from the server's 403/404. */
export type CatalogBlock = { kind: 'enable-location' } | { kind: 'out-of-range'; metres: number } | { kind: 'empty' };

export function catalogBlockOf(error: unknown): CatalogBlock {
  if (isApiError(error) && error.status === 403) {
    const range = /Outside delivery range \((\d+)m\)/.exec(error.message);
    if (range) return { kind: 'out-of-range', metres: Number(range[1]) };
    if (/Enable location/i.test(error.message)) return { kind: 'enable-location' };
  }
  // SPEC.md §8: any other load failure leaves the list empty.
  return { kind: 'empty' };
}
