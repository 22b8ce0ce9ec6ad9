import type { LiveEvent } from '@saathi/shared';
import { Redis } from 'ioredis';
import { LocalListeners, type EventBus } from './event-bus';
import { canReplay, compareEventIds, EVENT_LOG_LENGTH, EVENT_LOG_TTL_MS, parseEventId, type LogState, type LoggedEvent } from './event-log';

export interface RedisBusOptions {
  url: string;
  /** Processes sharing a prefix see each other's events (tests use one per test). */
  prefix: string;
  onError: (error: unknown) => void;
}

/**
 * Appends the event to the user's log (a Redis stream, `<prefix>log:<id>`, trimmed to about
 * EVENT_LOG_LENGTH entries and gone EVENT_LOG_TTL_MS after its last event) and publishes
 * `<id> <json>` on the user's channel, in one step: the id a stream sends is the id the log
 * knows, whichever process a reconnect reaches.
 */
/** How long the readiness check waits for Redis's PONG. */
const PING_TIMEOUT_MS = 1000;

const PUBLISH_SCRIPT = `
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[3], '*', 'e', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('PUBLISH', ARGV[1], id .. ' ' .. ARGV[2])
return id`;

type StreamEntry = [id: string, fields: string[]];

/** XINFO STREAM's flat reply: the oldest entry, and the newest trimmed one (Redis 7; unknown before). */
function logStateOf(info: unknown[]): LogState {
  const field = (name: string) => info[info.indexOf(name) + 1];
  const first = field('first-entry') as StreamEntry | null | undefined;
  const maxDeleted = info.includes('max-deleted-entry-id') ? String(field('max-deleted-entry-id')) : undefined;
  return {
    oldestKept: first ? parseEventId(first[0]) : null,
    droppedThrough: maxDeleted === undefined ? 'unknown' : maxDeleted === '0-0' ? null : (parseEventId(maxDeleted) ?? 'unknown'),
  };
}

/**
 * One channel per user (`<prefix>user:<id>`): a process subscribes only to users with an
 * open stream here, so traffic scales with the streams, not with every event.
 */
export async function createRedisBus({ url, prefix, onError }: RedisBusOptions): Promise<EventBus> {
  const pub = new Redis(url, { lazyConnect: true, enableAutoPipelining: true, maxRetriesPerRequest: 3 });
  pub.defineCommand('saathiPublish', { numberOfKeys: 1, lua: PUBLISH_SCRIPT });
  const publishLogged = (logKey: string, channel: string, message: string) =>
    (pub as unknown as { saathiPublish: (...args: (string | number)[]) => Promise<string> }).saathiPublish(
      logKey,
      channel,
      message,
      EVENT_LOG_LENGTH,
      EVENT_LOG_TTL_MS,
    );
  const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  pub.on('error', onError);
  sub.on('error', onError);
  await Promise.all([pub.connect(), sub.connect()]);

  const listeners = new LocalListeners();
  // A second stream of the same user waits for the first one's SUBSCRIBE as well.
  const subscribed = new Map<number, Promise<unknown>>();
  const channelPrefix = `${prefix}user:`;
  const channelOf = (userId: number) => `${channelPrefix}${userId}`;
  const logOf = (userId: number) => `${prefix}log:${userId}`;
  sub.on('message', (channel: string, message: string) => {
    if (!channel.startsWith(channelPrefix)) return;
    const userId = Number(channel.slice(channelPrefix.length));
    const space = message.indexOf(' ');
    let event: LiveEvent;
    try {
      event = JSON.parse(message.slice(space + 1)) as LiveEvent;
    } catch (error) {
      onError(error);
      return;
    }
    listeners.dispatch(userId, event, message.slice(0, space));
  });

  return {
    kind: 'redis',
    async ping() {
      // The subscriber must be connected to hear other processes' events; the publisher must answer.
      if (sub.status !== 'ready') return false;
      const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), PING_TIMEOUT_MS).unref());
      return Promise.race([pub.ping().then((reply) => reply === 'PONG'), timeout]).catch(() => false);
    },
    async publish(userIds, event) {
      const message = JSON.stringify(event);
      await Promise.all([...new Set(userIds)].map((userId) => publishLogged(logOf(userId), channelOf(userId), message)));
    },
    async replay(userId, afterId) {
      const after = parseEventId(afterId);
      if (!after) return null;
      // Those after `afterId` (exclusive), and what the log kept and dropped, read together.
      const replies = await pub.multi().xrange(logOf(userId), `(${afterId}`, '+').xinfo('STREAM', logOf(userId)).time().exec();
      const [[, missed], [infoError, info], [, time]] = (replies ?? []) as [[null, StreamEntry[]], [Error | null, unknown[]], [null, [string, string]]];
      // No such key: nothing was logged for the user within the log's lifetime.
      const state = infoError ? { oldestKept: null, droppedThrough: null } : logStateOf(info);
      const now = Number(time[0]) * 1000 + Math.floor(Number(time[1]) / 1000);
      if (!canReplay(after, state, now, 0)) return null;
      const events: LoggedEvent[] = [];
      for (const [id, fields] of missed) {
        const json = fields[fields.indexOf('e') + 1];
        const parsed = parseEventId(id);
        if (json === undefined || !parsed || compareEventIds(parsed, after) <= 0) continue;
        events.push({ id, event: JSON.parse(json) as LiveEvent });
      }
      return events;
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
