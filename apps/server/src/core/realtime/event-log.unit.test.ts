import { describe, expect, it } from 'vitest';
import { createMemoryEventLog, EVENT_LOG_LENGTH, EVENT_LOG_TTL_MS } from './event-log';

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

  it('replays what followed an id, and nothing once some of it was dropped for length or age', () => {
    let now = 1_000_000;
    const log = createMemoryEventLog(() => now);
    const first = log.append([1], updated(0));
    for (let i = 1; i <= 3; i++) log.append([1, 2], updated(i));
    expect(eventIdsOf(log.replay(1, first))).toEqual([1, 2, 3]);
    // User 2 was not on the first event; from it on, they missed 1 to 3.
    expect(eventIdsOf(log.replay(2, first))).toEqual([1, 2, 3]);
    for (let i = 4; i <= EVENT_LOG_LENGTH + 1; i++) log.append([1], updated(i));
    expect(log.replay(1, first)).toBeNull();
    now += EVENT_LOG_TTL_MS + 1;
    expect(log.replay(2, first)).toBeNull();
    // Someone with nothing logged who was connected a moment ago missed nothing.
    expect(log.replay(3, `${now - 1000}-0`)).toEqual([]);
    log.close();
  });
});
