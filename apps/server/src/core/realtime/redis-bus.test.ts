import type { LiveEvent } from '@saathi/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL, uniqueRedisPrefix } from '../../../test/second-process';
import { startTcpProxy, type TcpProxy } from '../../../test/tcp-proxy';
import { waitFor } from '../../../test/wait-for';
import type { EventBus } from './event-bus';
import { createRedisBus } from './redis-bus';

/**
 * The Redis bus when Redis goes away for a while (a restart, a failover): one bus reaches Redis
 * through a proxy that cuts and refuses its connections, or loses a reply; another reaches it
 * directly. Nothing published meanwhile is lost, nothing arrives twice, and nobody waits.
 */
const redisUrl = new URL(TEST_REDIS_URL);
const prefix = uniqueRedisPrefix();
let proxy: TcpProxy;
let flaky: EventBus;
let direct: EventBus;
const errors: string[] = [];
const admin = new Redis(TEST_REDIS_URL, { lazyConnect: true });

beforeAll(async () => {
  proxy = await startTcpProxy({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
  const proxied = new URL(TEST_REDIS_URL);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  flaky = await createRedisBus({ url: proxied.toString(), prefix, onError: (error) => errors.push(String(error)), maxPending: 3 });
  direct = await createRedisBus({ url: TEST_REDIS_URL, prefix, onError: (error) => errors.push(String(error)) });
  await admin.connect();
});

afterAll(async () => {
  await flaky?.close();
  await direct?.close();
  await proxy?.close();
  admin.disconnect();
});

const updated = (eventId: number): LiveEvent => ({ type: 'sos.updated', data: { eventId, status: 'active' } });
const eventIdOf = (event: LiveEvent) => (event.data as { eventId: number }).eventId;

/** What a bus hands a user's listener: event numbers and ids, in order of arrival. */
async function listen(bus: EventBus, userId: number) {
  const got: { eventId: number; id: string }[] = [];
  const unsubscribe = await bus.subscribe(userId, (event, id) => got.push({ eventId: eventIdOf(event), id }));
  return { got, eventIds: () => got.map((g) => g.eventId), unsubscribe };
}

describe('the Redis bus while Redis is away', () => {
  it('queues what is published meanwhile, reads what its streams missed from the log, and hands on each event once, in order', async () => {
    const userId = 101;
    const viaProxy = await listen(flaky, userId);
    const viaDirect = await listen(direct, userId);
    await flaky.publish([userId], updated(1));
    await waitFor(() => viaProxy.got.length === 1 && viaDirect.got.length === 1, { what: 'the first event both ways' });

    proxy.block();
    await waitFor(async () => !(await flaky.ping()), { what: 'the bus not ready' });
    // Published through the bus that cannot reach Redis: each call returns at once.
    const started = performance.now();
    for (const eventId of [2, 3, 4]) await flaky.publish([userId], updated(eventId));
    // A fourth would exceed what may wait (maxPending 3): dropped, and said so.
    await flaky.publish([userId], updated(99));
    expect(performance.now() - started).toBeLessThan(200);
    await waitFor(() => errors.some((e) => e.includes('this one is dropped')), { what: 'the dropped event said' });
    // Published meanwhile by another process: the cut-off subscriber misses them live.
    for (const eventId of [5, 6]) await direct.publish([userId], updated(eventId));
    await waitFor(() => viaDirect.got.length === 3, { what: 'the direct bus hearing 5 and 6' });
    expect(viaProxy.eventIds()).toEqual([1]);

    proxy.unblock();
    await waitFor(() => viaProxy.got.length >= 6 && viaDirect.got.length >= 6, { timeoutMs: 5000, what: 'everything after the reconnect' });
    await direct.publish([userId], updated(7));
    await waitFor(() => viaProxy.got.length >= 7 && viaDirect.got.length >= 7, { what: 'a live event after the reconnect' });
    // 5 and 6 were logged while the queued 2 to 4 waited: the log's order, the same for both.
    expect(viaDirect.eventIds()).toEqual([1, 5, 6, 2, 3, 4, 7]);
    expect(viaProxy.got).toEqual(viaDirect.got);
    expect(await flaky.ping()).toBe(true);
    await viaProxy.unsubscribe();
    await viaDirect.unsubscribe();
  });

  it('neither logs nor publishes twice an event whose reply was lost with the connection', async () => {
    const userId = 102;
    const heard = await listen(direct, userId);
    await flaky.publish([userId], updated(1));
    // The next publish reaches Redis, which logs and publishes it; its answer never comes back,
    // so the client sends it again once it has reconnected.
    proxy.loseNextReplyTo('"eventId":2,');
    await flaky.publish([userId], updated(2));
    await flaky.publish([userId], updated(3));
    await waitFor(() => heard.got.length >= 3, { what: 'three events' });
    await direct.publish([userId], updated(4));
    await waitFor(() => heard.got.length >= 4, { what: 'the fourth event' });
    expect(proxy.lostReplies).toBe(1);
    expect(heard.eventIds()).toEqual([1, 2, 3, 4]);
    const logged = (await admin.xrange(`${prefix}log:${userId}`, '-', '+')).map(([, fields]) => eventIdOf(JSON.parse(fields[1] as string) as LiveEvent));
    expect(logged).toEqual([1, 2, 3, 4]);
    await heard.unsubscribe();
  });

  it('refuses a replay at once while Redis is away (the stream opens with resumed: false and the client refetches), rather than waiting', async () => {
    proxy.block();
    await waitFor(async () => !(await flaky.ping()), { what: 'the bus not ready' });
    const started = performance.now();
    await expect(flaky.replay(103, `${Date.now()}-0`)).rejects.toThrow(/not connected/);
    expect(performance.now() - started).toBeLessThan(100);
    proxy.unblock();
    await waitFor(() => flaky.ping(), { timeoutMs: 5000, what: 'the bus ready again' });
  });
});
