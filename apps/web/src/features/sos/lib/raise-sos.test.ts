import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { answerOf, apiErrorOf } from '../../../test/contract-answers';
import { raisedEvent } from '../../../test/sos-events';
import { raiseSos } from './raise-sos';

const position = { latitude: 23.0225, longitude: 72.5714, accuracy: 14.6, at: 0, stale: false };

describe('raising an SOS', () => {
  it('sends the position, threat and contacts-only choice', async () => {
    const event = answerOf('POST /sos', raisedEvent({ latitude: 23.0225, longitude: 72.5714, accuracy: 15, threat: 'medical', contactsOnly: true }), 201);
    const raise = vi.fn().mockResolvedValue(event);
    const outcome = await raiseSos({ position, threat: 'medical', contactsOnly: true, online: true }, raise);
    expect(outcome).toEqual({ kind: 'raised', event });
    expect(raise).toHaveBeenCalledWith({ latitude: 23.0225, longitude: 72.5714, accuracy: 15, threat: 'medical', contactsOnly: true });
  });

  it('offers the SMS fallback without calling the API when the device is offline', async () => {
    const raise = vi.fn();
    expect(await raiseSos({ position, threat: null, contactsOnly: false, online: false }, raise)).toEqual({ kind: 'offline', position });
    expect(raise).not.toHaveBeenCalled();
  });

  it('falls back to SMS on a network error', async () => {
    const raise = vi.fn().mockRejectedValue(new ApiError(0, 'NETWORK_ERROR', 'No connection'));
    expect(await raiseSos({ position, threat: null, contactsOnly: false, online: true }, raise)).toEqual({ kind: 'offline', position });
  });

  it('hands a refusal (e.g. the rate limit) over to be shown in the text of its code', async () => {
    const refusal = apiErrorOf('POST /sos', 429, 'sos_rate_limited', 'At most 3 SOS alerts in 10 minutes.', { params: { seconds: 420 } });
    const raise = vi.fn().mockRejectedValue(refusal);
    expect(await raiseSos({ position, threat: 'fire', contactsOnly: false, online: true }, raise)).toEqual({
      kind: 'refused',
      error: refusal,
      status: 429,
    });
  });

  it('cannot place an alert without any position', async () => {
    const raise = vi.fn();
    expect(await raiseSos({ position: null, threat: null, contactsOnly: false, online: true }, raise)).toEqual({ kind: 'no-position' });
    expect(raise).not.toHaveBeenCalled();
  });
});
