import type { SosEventView, Threat } from '@saathi/shared';
import { isApiError, type ApiError } from '../../../lib/api-client';
import { sosApi } from '../../../entities/sos-event';
import type { DevicePosition } from '../../../lib/position';
import { sosRequestBody } from '../../../entities/sos';

/** What happened when the user asked for help. */
export type RaiseOutcome =
  | { kind: 'raised'; event: SosEventView }
  /** No network: the SMS and 112 fallbacks are offered instead. */
  | { kind: 'offline'; position: DevicePosition | null }
  /** No position at all: the API cannot place the alert, so 112 and SMS it is. */
  | { kind: 'no-position' }
  /** The server refused (rate limit, validation): the text of its code is shown (lib/error-text.ts). */
  | { kind: 'refused'; error: ApiError; status: number };

export interface RaiseInput {
  position: DevicePosition | null;
  threat: Threat | null;
  contactsOnly: boolean;
  online: boolean;
}

/** Decides between the API and the offline fallbacks, and classifies failures. */
export async function raiseSos(input: RaiseInput, raise: typeof sosApi.raise = sosApi.raise): Promise<RaiseOutcome> {
  if (!input.online) return { kind: 'offline', position: input.position };
  if (!input.position) return { kind: 'no-position' };
  try {
    const event = await raise(sosRequestBody(input.position, input.threat, input.contactsOnly));
    return { kind: 'raised', event };
  } catch (error) {
    if (isApiError(error) && !error.isNetworkError) return { kind: 'refused', error, status: error.status };
    return { kind: 'offline', position: input.position };
  }
}
