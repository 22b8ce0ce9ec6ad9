import { LIMITS, metresBetween, type LatLon } from '@saathi/shared';
import { ValidationError } from '../../core/errors';

export const BUSINESS_POST_TOO_FAR = 'business_post_too_far';

/**
 * Where a business post is placed. Without a chosen point it sits at the business. A chosen
 * point (a stall at a fair, a second counter) is kept when it lies within the area the
 * business serves, its delivery range or LIMITS.businessPostReachM without one, so the
 * WhatsApp and catalog buttons never show up in a city the business does not serve.
 */
export function businessPostPlace(chosen: LatLon | null, business: LatLon, deliveryRangeM: number | null): LatLon {
  if (!chosen) return business;
  const reachM = deliveryRangeM ?? LIMITS.businessPostReachM;
  if (metresBetween(chosen, business) > reachM) {
    throw new ValidationError(`A business post must be placed within ${reachM} m of your business location`, 'location', BUSINESS_POST_TOO_FAR, {
      km: Math.round(reachM / 100) / 10,
    });
  }
  return chosen;
}
