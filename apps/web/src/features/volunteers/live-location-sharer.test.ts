import { describe, expect, it } from 'vitest';
import { shouldSend } from './live-location-sharer';

const at = (latitude: number, longitude: number) => ({ latitude, longitude, accuracy: 10, at: 0 });

describe('shouldSend (live location throttle)', () => {
  const here = at(23.0225, 72.5714);

  it('sends the first fix at once', () => {
    expect(shouldSend(null, here, 0)).toBe(true);
  });

  it('waits a minute while the volunteer stays put', () => {
    const last = { position: here, sentAt: 1_000 };
    expect(shouldSend(last, at(23.0226, 72.5714), 1_000 + 60_000 - 1)).toBe(false);
    expect(shouldSend(last, here, 1_000 + 60_000)).toBe(true);
  });

  it('sends sooner after a move of 200 m or more, but not more than every 10 s', () => {
    const last = { position: here, sentAt: 0 };
    const moved = at(23.0225 + 250 / 110_574, 72.5714);
    expect(shouldSend(last, moved, 5_000)).toBe(false);
    expect(shouldSend(last, moved, 10_000)).toBe(true);
  });
});
