import type { LiveEvent } from '@saathi/shared';
import { Redis } from 'ioredis';
import { LocalListeners, type EventBus } from './event-bus';

export interface RedisBusOptions {
  url: string;
  /** Processes sharing a prefix see each other's events (tests use one per test). */
  prefix: string;
  onError: (error: unknown) => void;
}

/**
 * One channel per user (`<prefix>user:<id>`): a process subscribes only to users with an
 * open stream here, so traffic scales with the streams, not with every event.
 */
export async function createRedisBus({ url, prefix, onError }: RedisBusOptions): Promise<EventBus> {
  const pub = new Redis(url, { lazyConnect: true, enableAutoPipelining: true, maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  pub.on('error', onError);
  sub.on('error', onError);
  await Promise.all([pub.connect(), sub.connect()]);

  const listeners = new LocalListeners();
  // A second stream of the same user waits for the first one's SUBSCRIBE as well.
  const subscribed = new Map<number, Promise<unknown>>();
  const channelPrefix = `${prefix}user:`;
  const channelOf = (userId: number) => `${channelPrefix}${userId}`;
  sub.on('message', (channel: string, message: string) => {
    if (!channel.startsWith(channelPrefix)) return;
    const userId = Number(channel.slice(channelPrefix.length));
    let event: LiveEvent;
    try {
      event = JSON.parse(message) as LiveEvent;
    } catch (error) {
      onError(error);
      return;
    }
    listeners.dispatch(userId, event);
  });

  return {
    kind: 'redis',
    async publish(userIds, event) {
      const message = JSON.stringify(event);
      await Promise.all([...new Set(userIds)].map((userId) => pub.publish(channelOf(userId), message)));
    },
    async subscribe(userId, listener) {
      if (listeners.add(userId, listener)) subscribed.set(userId, sub.subscribe(channelOf(userId)));
      await subscribed.get(userId);
      return async () => {
        if (!listeners.remove(userId, listener)) return;
        subscribed.delete(userId);
        await sub.unsubscribe(channelOf(userId)).catch(onError);
      };
    },
    async close() {
      listeners.clear();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
