import { formatDistance, type CatalogResponse, type LatLon, type RequestOf } from '@saathi/shared';
import type { Contract } from '@saathi/shared/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { api } from '../../../lib/api-client';

export function useCatalogQuery(businessUserId: number, reader: LatLon | null, enabled: boolean) {
  return useQuery({
    queryKey: ['community', 'catalog', businessUserId, reader?.latitude ?? null, reader?.longitude ?? null],
    queryFn: () =>
      api.call('GET /community/business-catalog/:userId', {
        params: { userId: businessUserId },
        query: reader ? { latitude: reader.latitude, longitude: reader.longitude } : undefined,
      }),
    enabled,
    retry: false,
  });
}

/** What `POST /community/orders` takes: the business and the cart's lines. */
export type PlaceOrderBody = RequestOf<Contract['POST /community/orders']>['body'];

export function usePlaceOrderMutation() {
  return useMutation({
    mutationFn: (body: PlaceOrderBody) => api.call('POST /community/orders', { body }),
  });
}

/** Why the catalog cannot be shown (SPEC.md §6 hints). */
export type CatalogBlock = { kind: 'enable-location' } | { kind: 'out-of-range'; metres: number } | { kind: 'empty' };

/**
 * The hint to show instead of the items: the server answers a reader without a location or
 * out of range with 200 and `unavailable` (an expected state, not an error); any failure
 * (e.g. 404, no catalog) leaves the list empty (SPEC.md §8).
 */
export function catalogBlockOf(data: CatalogResponse | undefined): CatalogBlock {
  const unavailable = data?.unavailable;
  if (unavailable?.reason === 'location_required') return { kind: 'enable-location' };
  if (unavailable?.reason === 'outside_delivery_range') return { kind: 'out-of-range', metres: unavailable.deliveryRangeM };
  return { kind: 'empty' };
}

/** "800 m" / "3 km" / "2.5 km" in the reader's language (SPEC.md §9: metres under 1 km, else km to one decimal). */
export function rangeText(metres: number, language: string): string {
  return formatDistance(metres, language, 'long');
}

/** The out-of-range hint: 'Catalog not available - Outside delivery range (3 km)'. */
export function blockText(t: TFunction, block: CatalogBlock, language: string): string {
  if (block.kind === 'enable-location') return t('community-create:catalog.enableLocation');
  if (block.kind === 'out-of-range') return t('community-create:catalog.outOfRange', { range: rangeText(block.metres, language) });
  return t('community-create:catalog.noItems');
}
