import type { LiveEvent } from '@saathi/shared';
import { createMemoryEventLog, type Replay } from './event-log';

/** Receives each event with its id (the SSE `id:` a reconnecting stream sends back as Last-Event-ID). */
export type LiveListener = (event: LiveEvent, id: string) => void;

/**
 * Delivers live events to the streams of given users. In-process by default; through Redis
 * pub/sub when several server processes serve the same users (REDIS_URL, or REDIS_SENTINELS).
 */
export interface EventBus {
  readonly kind: 'memory' | 'redis';
  /**
   * Resolves once the event is on its way: taken by Redis, or, while no Redis primary answers,
   * queued to go out in order when one does (the caller never waits for a failover). Rejects
   * when it cannot be sent at all. The durable state is in the database; an event that is lost
   * all the same is healed by a refetch.
   */
  publish(userIds: readonly number[], event: LiveEvent): Promise<void>;
  /** Resolves once the listener will receive events; returns its unsubscribe function. */
  subscribe(userId: number, listener: LiveListener): Promise<() => Promise<void>>;
  /**
   * The user's events published after the one with id `afterId`, oldest first, for a stream that
   * reconnects; `null` when they cannot all be told (the id is unknown or too old: refetch).
   * Subscribe first, then replay: an event may then come both ways, with the same id.
   */
  replay(userId: number, afterId: string): Promise<Replay>;
  /** Whether the bus can carry events now (Redis answers a PING); the readiness check asks. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Listeners of this process, by user: shared by both bus kinds. */
export class LocalListeners {
  readonly #byUser = new Map<number, Set<LiveListener>>();

  add(userId: number, listener: LiveListener): boolean {
    let set = this.#byUser.get(userId);
    const first = set === undefined;
    if (!set) {
      set = new Set();
      this.#byUser.set(userId, set);
    }
    set.add(listener);
    return first;
  }

  /** Returns true when the user has no listener left here. */
  remove(userId: number, listener: LiveListener): boolean {
    const set = this.#byUser.get(userId);
    if (!set) return false;
    set.delete(listener);
    if (set.size > 0) return false;
    this.#byUser.delete(userId);
    return true;
  }

  dispatch(userId: number, event: LiveEvent, id: string): void {
    for (const listener of this.#byUser.get(userId) ?? []) {
      // One broken stream must not keep the event from the others.
      try {
        listener(event, id);
      } catch {
        /* the stream's own close handler cleans it up */
      }
    }
  }

  clear(): void {
    this.#byUser.clear();
  }
}

export function createMemoryBus(): EventBus {
  const listeners = new LocalListeners();
  const log = createMemoryEventLog();
  return {
    kind: 'memory',
    async publish(userIds, event) {
      const users = new Set(userIds);
      const id = log.append(users, event);
      for (const userId of users) listeners.dispatch(userId, event, id);
    },
    async replay(userId, afterId) {
      return log.replay(userId, afterId);
    },
    async ping() {
      return true;
    },
    async subscribe(userId, listener) {
      listeners.add(userId, listener);
      return async () => {
        listeners.remove(userId, listener);
      };
    },
    async close() {
      listeners.clear();
      log.close();
    },
  };
}
