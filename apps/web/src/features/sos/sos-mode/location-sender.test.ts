import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocationSender } from './location-sender';

const fix = (latitude: number) => ({ latitude, longitude: 72.5 });

describe('live location sender', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the first fix at once, then at most one per interval, always the newest', async () => {
    const send = vi.fn().mockResolvedValue(undefined);
    const sender = new LocationSender(send, undefined, 5000, () => Date.now());
    sender.offer(fix(1));
    await vi.advanceTimersByTimeAsync(0);
    sender.offer(fix(2));
    sender.offer(fix(3));
    await vi.advanceTimersByTimeAsync(4000);
    expect(send.mock.calls.map(([body]) => body.latitude)).toEqual([1]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(send.mock.calls.map(([body]) => body.latitude)).toEqual([1, 3]);
    sender.close();
  });

  it('retries a failed fix on the next turn unless a newer one arrived', async () => {
    const send = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const sender = new LocationSender(send, undefined, 5000, () => Date.now());
    sender.offer(fix(1));
    await vi.advanceTimersByTimeAsync(5000);
    expect(send.mock.calls.map(([body]) => body.latitude)).toEqual([1, 1]);
    sender.close();
  });

  it('sends nothing after close', async () => {
    const send = vi.fn().mockResolvedValue(undefined);
    const sender = new LocationSender(send, undefined, 5000, () => Date.now());
    sender.offer(fix(1));
    await vi.advanceTimersByTimeAsync(0);
    sender.offer(fix(2));
    sender.close();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
