import { randomBytes } from 'node:crypto';
import type { LiveEvent } from '@saathi/shared';
import type { Redis } from 'ioredis';
import { createRedisClient, type RedisTarget } from '../redis';
import { LocalListeners, type EventBus, type LiveListener } from './event-bus';
import { canReplay, compareEventIds, EVENT_LOG_LENGTH, EVENT_LOG_TTL_MS, parseEventId, type LogState, type LoggedEvent } from './event-log';

export interface RedisBusOptions {
  /** Where Redis is: a `redis://` URL, or sentinels that name the primary (core/redis). */
  redis?: RedisTarget;
  /** A `redis://` URL: the same as `redis` given one. */
  url?: string;
  /** Processes sharing a prefix see each other's events (tests use one per test). */
  prefix: string;
  onError: (error: unknown) => void;
  /** Events that may wait for Redis at once (while no primary answers); beyond them an event is dropped. */
  maxPending?: number;
  /** How long publish() waits for Redis to take an event before it returns and leaves the event queued. */
  publishWaitMs?: number;
}

/** How long the readiness check waits for Redis's PONG. */
const PING_TIMEOUT_MS = 1000;
/** A stream's replay (Last-Event-ID) waits this long for Redis, then the client refetches instead. */
const READ_TIMEOUT_MS = 2000;
/** Opening a stream waits this long for its channel's SUBSCRIBE (a failover may be finishing). */
const SUBSCRIBE_TIMEOUT_MS = 5000;
/** After a reconnect, what the streams missed is read from the logs within this long. */
const RECOVER_TIMEOUT_MS = 15_000;
/**
 * The subscriber hears an event on its own connection, so the live copy of one just read from
 * the log may come after the read's answer: the ids read are kept this long to drop such copies.
 */
const REPLAYED_MEMORY_MS = 10_000;
const DEFAULT_MAX_PENDING = 10_000;
const DEFAULT_PUBLISH_WAIT_MS = 1000;
/** A publish sent again (its reply was lost with a dying primary) is found among this many newest entries. */
const RESEND_LOOKBACK = 16;

/**
 * Appends the event to the user's log (a Redis stream, `<prefix>log:<id>`, trimmed to about
 * EVENT_LOG_LENGTH entries and gone EVENT_LOG_TTL_MS after its last event) and publishes
 * `<id> <json>` on the user's channel, in one step: the id a stream sends is the id the log
 * knows, whichever process a reconnect reaches. Each publish carries a random `p`: a publish
 * whose reply was lost when the primary died is sent again after the reconnect, and when it had
 * been carried out (and replicated) already, the script answers the id it got then and neither
 * logs nor publishes it twice.
 */
const PUBLISH_SCRIPT = `
local recent = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', ARGV[6])
for _, entry in ipairs(recent) do
  local fields = entry[2]
  for i = 1, #fields - 1, 2 do
    if fields[i] == 'p' and fields[i + 1] == ARGV[5] then return entry[1] end
  end
end
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[3], '*', 'e', ARGV[2], 'p', ARGV[5])
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

/** The logged events of stream entries (those without a readable event are left out). */
function loggedOf(entries: StreamEntry[]): LoggedEvent[] {
  const events: LoggedEvent[] = [];
  for (const [id, fields] of entries) {
    const json = fields[fields.indexOf('e') + 1];
    if (json === undefined || !parseEventId(id)) continue;
    events.push({ id, event: JSON.parse(json) as LiveEvent });
  }
  return events;
}

/** `promise`, or a rejection with `message` once `ms` passed. */
function within<T>(ms: number, promise: Promise<T>, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** True when `id` is newer than `than` (or `than` is unknown). */
const newer = (id: string, than: string | undefined) => {
  const a = parseEventId(id);
  const b = than === undefined ? null : parseEventId(than);
  return a !== null && (b === null || compareEventIds(a, b) > 0);
};

/**
 * One channel per user (`<prefix>user:<id>`): a process subscribes only to users with an
 * open stream here, so traffic scales with the streams, not with every event.
 *
 * Redis may go away for a while (a restart, or a Sentinel failover to a replica): the clients
 * reconnect by themselves (through the sentinels, to the new primary), and nothing published
 * meanwhile is lost. Publishes wait in the publisher's queue, in order, until a primary takes
 * them (publish() itself returns at once, or after `publishWaitMs`, so no request waits for the
 * failover). Events that went out while this process's subscriber was not connected are read
 * from the users' logs once it is subscribed again, and handed to the streams in order, each
 * once, before anything published after them.
 */
export async function createRedisBus(options: RedisBusOptions): Promise<EventBus> {
  const { prefix, onError } = options;
  const target = options.redis ?? options.url;
  if (target === undefined) throw new Error('createRedisBus: neither `redis` nor `url` says where Redis is');
  const maxPending = options.maxPending ?? DEFAULT_MAX_PENDING;
  const publishWaitMs = options.publishWaitMs ?? DEFAULT_PUBLISH_WAIT_MS;

  // Neither client fails a command because Redis is away (maxRetriesPerRequest: null): it waits
  // in the client's queue for the next connection. Reads that a person waits for time out here.
  const pub = createRedisClient(target, { lazyConnect: true, enableAutoPipelining: true, maxRetriesPerRequest: null });
  pub.defineCommand('saathiPublish', { numberOfKeys: 1, lua: PUBLISH_SCRIPT });
  const publishLogged = (logKey: string, channel: string, message: string, publishId: string) =>
    (pub as unknown as { saathiPublish: (...args: (string | number)[]) => Promise<string> }).saathiPublish(
      logKey,
      channel,
      message,
      EVENT_LOG_LENGTH,
      EVENT_LOG_TTL_MS,
      publishId,
      RESEND_LOOKBACK,
    );
  // Subscriptions are renewed by `recover` below (not by the client), which then reads the gap.
  const sub = createRedisClient(target, { lazyConnect: true, maxRetriesPerRequest: null, autoResubscribe: false });
  pub.on('error', onError);
  sub.on('error', onError);
  /** Publishes waiting for their reply stop waiting when the publisher's connection breaks. */
  const onPubClose = new Set<() => void>();
  pub.on('close', () => {
    for (const wake of onPubClose) wake();
    onPubClose.clear();
  });
  await Promise.all([pub.connect(), sub.connect()]);

  const listeners = new LocalListeners();
  // A second stream of the same user waits for the first one's SUBSCRIBE as well.
  const subscribed = new Map<number, Promise<unknown>>();
  /** Per subscribed user, the newest event id this process handed on (or the log's newest when it subscribed). */
  const lastIds = new Map<number, string>();
  /** Users whose gap is being read after a reconnect: what arrives meanwhile waits here. */
  const filling = new Map<number, LoggedEvent[]>();
  /** Per user, the ids a gap's read handed on lately, whose live copies are dropped. */
  const replayed = new Map<number, { ids: Set<string>; until: number }>();
  const channelPrefix = `${prefix}user:`;
  const channelOf = (userId: number) => `${channelPrefix}${userId}`;
  const logOf = (userId: number) => `${prefix}log:${userId}`;
  let pending = 0;
  let closed = false;

  /** A read someone waits for: at once when connected, else an error (the caller falls back). */
  const readNow = <T>(command: () => Promise<T>): Promise<T> =>
    pub.status === 'ready' ? within(READ_TIMEOUT_MS, command(), 'Redis did not answer in time') : Promise.reject(new Error('Redis is not connected'));

  const deliver = (userId: number, { id, event }: LoggedEvent) => {
    if (newer(id, lastIds.get(userId))) lastIds.set(userId, id);
    listeners.dispatch(userId, event, id);
  };

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
    const logged = { id: message.slice(0, space), event };
    const recent = replayed.get(userId);
    if (recent && Date.now() > recent.until) replayed.delete(userId);
    else if (recent?.ids.has(logged.id)) return;
    const waiting = filling.get(userId);
    if (waiting) waiting.push(logged);
    else if (subscribed.has(userId)) deliver(userId, logged);
  });

  /** Hands a user the events logged after the last one it got, then what arrived meanwhile. */
  async function fillGap(userId: number): Promise<void> {
    const sent = new Set<string>();
    try {
      const after = lastIds.get(userId);
      if (after === undefined) return;
      const entries = await within(
        RECOVER_TIMEOUT_MS,
        pub.xrange(logOf(userId), `(${after}`, '+', 'COUNT', EVENT_LOG_LENGTH) as Promise<StreamEntry[]>,
        'the log was not read in time',
      );
      for (const logged of loggedOf(entries)) {
        if (!subscribed.has(userId)) break;
        sent.add(logged.id);
        deliver(userId, logged);
      }
    } finally {
      if (sent.size > 0) replayed.set(userId, { ids: sent, until: Date.now() + REPLAYED_MEMORY_MS });
      const waiting = filling.get(userId) ?? [];
      filling.delete(userId);
      if (subscribed.has(userId)) for (const logged of waiting) if (!sent.has(logged.id)) deliver(userId, logged);
    }
  }

  /**
   * After the subscriber's connection came back: subscribe again to every channel, then hand
   * each stream what was published while it was away. Runs one at a time.
   */
  async function recover(): Promise<void> {
    const users = [...subscribed.keys()];
    if (closed || users.length === 0) return;
    for (const userId of users) if (!filling.has(userId)) filling.set(userId, []);
    try {
      await within(RECOVER_TIMEOUT_MS, sub.subscribe(...users.map(channelOf)), 'the channels were not subscribed again in time');
    } catch (error) {
      onError(error);
    }
    const results = await Promise.allSettled(users.map(fillGap));
    const failed = results.filter((r) => r.status === 'rejected');
    if (failed.length > 0)
      onError(new Error(`live events missed while Redis was away could not be read for ${failed.length} streams: ${String(failed[0]?.reason)}`));
  }

  // Connected above: from now on, a closed connection leaves a gap to fill once it is back.
  let lost = false;
  let recovering: Promise<void> = Promise.resolve();
  sub.on('close', () => {
    lost = true;
  });
  sub.on('ready', () => {
    if (!lost) return;
    lost = false;
    recovering = recovering.then(recover, recover);
  });

  /** Queues one user's publish; rejects at once when too many already wait for Redis. */
  function send(userId: number, message: string, publishId: string): Promise<void> {
    if (pending >= maxPending) return Promise.reject(new Error(`Redis has not taken the last ${pending} live events; this one is dropped`));
    pending += 1;
    return publishLogged(logOf(userId), channelOf(userId), message, publishId)
      .then(() => undefined)
      .finally(() => {
        pending -= 1;
      });
  }

  async function shut(client: Redis): Promise<void> {
    if (client.status === 'ready') {
      const quit = await within(PING_TIMEOUT_MS, client.quit(), 'no answer to QUIT').then(
        () => true,
        () => false,
      );
      if (quit) return;
    }
    client.disconnect();
  }

  return {
    kind: 'redis',
    async ping() {
      // The subscriber must be connected to hear other processes' events; the publisher must answer.
      if (sub.status !== 'ready' || pub.status !== 'ready') return false;
      return within(PING_TIMEOUT_MS, pub.ping(), 'no PONG').then(
        (reply) => reply === 'PONG',
        () => false,
      );
    },
    async publish(userIds, event) {
      const message = JSON.stringify(event);
      const publishId = randomBytes(9).toString('base64url');
      const taken = Promise.all([...new Set(userIds)].map((userId) => send(userId, message, publishId)));
      if (pub.status === 'ready') {
        let timer: NodeJS.Timeout | undefined;
        let wake: () => void = () => undefined;
        const given = new Promise<false>((resolve) => {
          wake = () => resolve(false);
          timer = setTimeout(wake, publishWaitMs);
          timer.unref();
          onPubClose.add(wake);
        });
        const inTime = await Promise.race([taken.then(() => true as const), given]).finally(() => {
          clearTimeout(timer);
          onPubClose.delete(wake);
        });
        if (inTime) return;
      }
      // Redis is away: the event stays queued and goes out, in order, when a primary answers.
      taken.catch(onError);
    },
    async replay(userId, afterId) {
      const after = parseEventId(afterId);
      if (!after) return null;
      // Those after `afterId` (exclusive), and what the log kept and dropped, read together.
      const replies = await readNow(() => pub.multi().xrange(logOf(userId), `(${afterId}`, '+').xinfo('STREAM', logOf(userId)).time().exec());
      const [[, missed], [infoError, info], [, time]] = (replies ?? []) as [[null, StreamEntry[]], [Error | null, unknown[]], [null, [string, string]]];
      // No such key: nothing was logged for the user within the log's lifetime.
      const state = infoError ? { oldestKept: null, droppedThrough: null } : logStateOf(info);
      const now = Number(time[0]) * 1000 + Math.floor(Number(time[1]) / 1000);
      if (!canReplay(after, state, now, 0)) return null;
      return loggedOf(missed).filter((logged) => compareEventIds(parseEventId(logged.id) ?? [0, 0], after) > 0);
    },
    async subscribe(userId, listener: LiveListener) {
      if (listeners.add(userId, listener)) {
        const channel = channelOf(userId);
        subscribed.set(
          userId,
          (async () => {
            await within(SUBSCRIBE_TIMEOUT_MS, sub.subscribe(channel), 'Redis did not confirm the subscription in time');
            // Where this user's log stands: after a reconnect, what follows it is what the stream missed.
            // An empty log: everything it will hold is new. Unknown (Redis away): learnt from the next event.
            const id = await readNow(() => pub.xrevrange(logOf(userId), '+', '-', 'COUNT', 1)).then(
              (newest) => newest[0]?.[0] ?? '0-0',
              () => undefined,
            );
            if (id !== undefined && newer(id, lastIds.get(userId))) lastIds.set(userId, id);
          })(),
        );
      }
      const unsubscribe = async () => {
        if (!listeners.remove(userId, listener)) return;
        subscribed.delete(userId);
        lastIds.delete(userId);
        filling.delete(userId);
        replayed.delete(userId);
        // Queued behind the SUBSCRIBE when Redis is away: waited for only while connected.
        const done = sub.unsubscribe(channelOf(userId)).catch(onError);
        if (sub.status === 'ready') await done;
      };
      try {
        await subscribed.get(userId);
      } catch (error) {
        // The stream cannot open; the next one of this user subscribes afresh.
        await unsubscribe();
        throw error;
      }
      return unsubscribe;
    },
    async close() {
      closed = true;
      listeners.clear();
      await Promise.allSettled([shut(pub), shut(sub)]);
    },
  };
}
