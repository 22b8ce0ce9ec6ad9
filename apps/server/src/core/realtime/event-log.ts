import type { LiveEvent } from '@saathi/shared';

/**
 * Every live event gets an id, `<milliseconds>-<sequence>` (the form Redis stream ids take), and
 * is kept for a while per user, so that a stream which reconnects with `Last-Event-ID` is sent
 * what it missed instead of refetching everything. The ids of one bus only grow.
 */
export interface LoggedEvent {
  id: string;
  event: LiveEvent;
}

/** How long, and how many, events of one user are kept for a reconnecting stream. */
export const EVENT_LOG_TTL_MS = 10 * 60_000;
export const EVENT_LOG_LENGTH = 100;

/** `after`'s missed events, or `null` when they cannot all be told (unknown, too old, or some dropped). */
export type Replay = LoggedEvent[] | null;

type EventId = readonly [ms: number, seq: number];

const ID_PATTERN = /^(\d{1,15})-(\d{1,15})$/;

export function parseEventId(id: string): EventId | null {
  const match = ID_PATTERN.exec(id);
  return match ? [Number(match[1]), Number(match[2])] : null;
}

export function compareEventIds(a: EventId, b: EventId): number {
  return a[0] - b[0] || a[1] - b[1];
}

/** What a log knows of a user's kept events: the oldest, and the newest it dropped for length. */
export interface LogState {
  oldestKept: EventId | null;
  /** `null`: none was dropped; `'unknown'`: the log cannot tell. */
  droppedThrough: EventId | null | 'unknown';
}

/**
 * Whether every event after `after` is still at hand. An `after` younger than the log's lifetime
 * lost nothing to age (a later event would be younger still), so only what was dropped for
 * length counts; an older one only if it is still kept. `since` is when this log began (an
 * in-memory log forgets everything at a restart).
 */
export function canReplay(after: EventId, { oldestKept, droppedThrough }: LogState, now: number, since: number): boolean {
  if (after[0] < since || after[0] > now) return false;
  if (oldestKept && compareEventIds(oldestKept, after) <= 0) return true;
  if (now - after[0] >= EVENT_LOG_TTL_MS) return false;
  return droppedThrough === null || (droppedThrough !== 'unknown' && compareEventIds(droppedThrough, after) <= 0);
}

/** The events of one process's memory bus: ids from the clock and a counter, logs swept as they age. */
export function createMemoryEventLog(now: () => number = Date.now) {
  const since = now();
  let lastMs = 0;
  let seq = 0;
  const logs = new Map<number, { at: number; logged: LoggedEvent }[]>();
  /** Per user, the newest event dropped for length (age needs no record: see canReplay). */
  const droppedThrough = new Map<number, EventId>();

  const nextId = () => {
    const ms = Math.max(lastMs, now());
    seq = ms === lastMs ? seq + 1 : 0;
    lastMs = ms;
    return `${ms}-${seq}`;
  };

  const sweep = setInterval(() => {
    const cutoff = now() - EVENT_LOG_TTL_MS;
    for (const [userId, log] of logs) {
      while (log.length > 0 && (log[0]?.at ?? 0) < cutoff) log.shift();
      if (log.length === 0) {
        logs.delete(userId);
        droppedThrough.delete(userId);
      }
    }
  }, 60_000);
  sweep.unref();

  return {
    /** Logs the event for each user and returns its id (one id for all of them). */
    append(userIds: Iterable<number>, event: LiveEvent): string {
      const logged = { id: nextId(), event };
      const at = now();
      for (const userId of userIds) {
        let log = logs.get(userId);
        if (!log) logs.set(userId, (log = []));
        log.push({ at, logged });
        const dropped = log.length > EVENT_LOG_LENGTH ? log.shift() : undefined;
        if (dropped) droppedThrough.set(userId, parseEventId(dropped.logged.id) as EventId);
      }
      return logged.id;
    },

    replay(userId: number, afterId: string): Replay {
      const after = parseEventId(afterId);
      if (!after) return null;
      const log = (logs.get(userId) ?? []).filter((entry) => entry.at >= now() - EVENT_LOG_TTL_MS);
      const state = { oldestKept: log[0] ? parseEventId(log[0].logged.id) : null, droppedThrough: droppedThrough.get(userId) ?? null };
      if (!canReplay(after, state, now(), since)) return null;
      return log.map((entry) => entry.logged).filter((logged) => compareEventIds(parseEventId(logged.id) as EventId, after) > 0);
    },

    close(): void {
      clearInterval(sweep);
      logs.clear();
      droppedThrough.clear();
    },
  };
}
