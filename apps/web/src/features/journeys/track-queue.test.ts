import { describe, expect, it } from 'vitest';
import { TrackQueue } from './track-queue';

const START = Date.parse('2026-01-10T17:00:00Z');
const pointAt = (seconds: number) => ({ latitude: 23 + seconds / 1e5, longitude: 72.5, at: new Date(START + seconds * 1000).toISOString() });

describe('TrackQueue', () => {
  it('keeps at most one point per 10 s', () => {
    const queue = new TrackQueue();
    expect(queue.add(pointAt(0))).toBe(true);
    expect(queue.add(pointAt(4))).toBe(false);
    expect(queue.add(pointAt(9.9))).toBe(false);
    expect(queue.add(pointAt(10))).toBe(true);
    expect(queue.add(pointAt(31))).toBe(true);
    expect(queue.batch().map((p) => p.at)).toEqual([pointAt(0).at, pointAt(10).at, pointAt(31).at]);
  });

  it('hands out 120 points to a call, oldest first, and forgets only what was sent', () => {
    const queue = new TrackQueue();
    for (let i = 0; i < 130; i += 1) queue.add(pointAt(i * 10));
    const first = queue.batch();
    expect(first).toHaveLength(120);
    expect(first[0]).toEqual(pointAt(0));
    // A point comes in while the batch is on its way.
    queue.add(pointAt(1300));
    queue.sent(first);
    expect(queue.size).toBe(11);
    expect(queue.batch()[0]).toEqual(pointAt(1200));
  });

  it('keeps the newest points when too many wait', () => {
    const queue = new TrackQueue(3);
    for (let i = 0; i < 5; i += 1) queue.add(pointAt(i * 10));
    expect(queue.batch()).toEqual([pointAt(20), pointAt(30), pointAt(40)]);
  });
});
