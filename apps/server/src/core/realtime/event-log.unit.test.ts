import { describe, expect, it } from 'vitest';
import { createMemoryEventLog } from './event-log';

// How many events of one user are kept, and for how long: "kept ten minutes per user",
// "trimmed to about 100 entries" (docs/adr/0014-several-processes-as-one.md). Written here,
// not imported, so that a changed constant fails this test instead of moving it.
const LOG_LENGTH = 100;
const LOG_TTL_MS = 10 * 60_000;

const updated = (eventId: number) => ({ type: 'sos.updated' as const, data: { eventId, status: 'active' as const } });
const eventIdsOf = (replay: ReturnType<ReturnType<typeof createMemoryEventLog>['replay']>) =>
  replay?.map((logged) => (logged.event.data as { eventId: number }).eventId) ?? null;

describe('the in-memory event log', () => {
  it('gives ids that only grow, also within one millisecond and when the clock steps back', () => {
    let now = 1_000_000;
    const log = createMemoryEventLog(() => now);
    const ids = [log.append([1], updated(1)), log.append([1], updated(2))];
    now -= 5;
    ids.push(log.append([1], updated(3)));
    expect(ids).toEqual(['1000000-0', '1000000-1', '1000000-2']);
    log.close();
  });

  it('replays what followed an id, and nothing once some of it was dropped for length (100 events) or age (10 minutes)', () => {
    let now = 1_000_000;
    const log = createMemoryEventLog(() => now);
    const first = log.append([1], updated(0));
    for (let i = 1; i <= 3; i++) log.append([1, 2], updated(i));
    expect(eventIdsOf(log.replay(1, first))).toEqual([1, 2, 3]);
    // User 2 was not on the first event; from it on, they missed 1 to 3.
    expect(eventIdsOf(log.replay(2, first))).toEqual([1, 2, 3]);
    // With 100 kept, the 101st event drops the first: everything after it is still there.
    for (let i = 4; i <= LOG_LENGTH; i++) log.append([1], updated(i));
    expect(eventIdsOf(log.replay(1, first))).toEqual(Array.from({ length: LOG_LENGTH }, (_, i) => i + 1));
    // The 102nd drops one that followed it.
    log.append([1], updated(LOG_LENGTH + 1));
    expect(log.replay(1, first)).toBeNull();
    // Just under ten minutes on, user 2 still gets what followed; at ten minutes, nothing.
    now += LOG_TTL_MS - 1;
    expect(eventIdsOf(log.replay(2, first))).toEqual([1, 2, 3]);
    now += 1;
    expect(log.replay(2, first)).toBeNull();
    // Someone with nothing logged who was connected a moment ago missed nothing.
    expect(log.replay(3, `${now - 1000}-0`)).toEqual([]);
    log.close();
  });
});
