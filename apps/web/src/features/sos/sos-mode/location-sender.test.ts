import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { LocationSender } from './location-sender';

const fix = (latitude: number) => ({ latitude, longitude: 72.5 });

/** A sender with a 5 s interval on the (fake) clock. */
const senderFor = (send: ConstructorParameters<typeof LocationSender>[0]) => new LocationSender(send, undefined, 5000, () => Date.now());

const sentLatitudes = (send: Mock) => send.mock.calls.map(([body]) => body.latitude);

/** A sender that was offered its first fix (latitude 1) a moment ago. */
async function senderAfterFirstFix() {
  const send = vi.fn().mockResolvedValue(undefined);
  const sender = senderFor(send);
  sender.offer(fix(1));
  await vi.advanceTimersByTimeAsync(0);
  return { send, sender };
}

describe('live location sender', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the first fix at once, then at most one per interval, always the newest', async () => {
    const { send, sender } = await senderAfterFirstFix();
    sender.offer(fix(2));
    sender.offer(fix(3));
    await vi.advanceTimersByTimeAsync(4000);
    expect(sentLatitudes(send)).toEqual([1]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sentLatitudes(send)).toEqual([1, 3]);
    sender.close();
  });

  it('retries a failed fix on the next turn unless a newer one arrived', async () => {
    const send = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const sender = senderFor(send);
    sender.offer(fix(1));
    await vi.advanceTimersByTimeAsync(5000);
    expect(sentLatitudes(send)).toEqual([1, 1]);
    sender.close();
  });

  it('sends nothing after close', async () => {
    const { send, sender } = await senderAfterFirstFix();
    sender.offer(fix(2));
    sender.close();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
