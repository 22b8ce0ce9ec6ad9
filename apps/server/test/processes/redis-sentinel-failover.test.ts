import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, build } from '../build';
import { startSentinels, type SentinelSetup } from '../redis-sentinels';
import { uniqueRedisPrefix } from '../second-process';
import { openSse } from '../sse-client';

/**
 * Redis Sentinel (REDIS_SENTINELS): a real primary, its replica and three sentinels. A stream is
 * open and live events flow when the primary is killed (SIGKILL); events go on being published
 * all through the failover. The sentinels promote the replica, the app's clients find it through
 * them, and the stream receives every event, in order, each once: those published while no
 * primary answered waited in the publisher's queue, and those that went out while the
 * subscriber was away came from the log.
 */
let sentinels: SentinelSetup;
beforeAll(async () => {
  sentinels = await startSentinels();
});
afterAll(async () => {
  await sentinels?.stop();
});

const prefix = uniqueRedisPrefix();
const t = build(() => ({ ...sentinels.env, REDIS_CHANNEL_PREFIX: prefix }));

const updated = (eventId: number) => ({ type: 'sos.updated' as const, data: { eventId, status: 'active' as const } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const readiness = async () => (await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode;

describe('Redis Sentinel failover', () => {
  it('delivers every live event across a kill -9 of the primary, none lost and none twice', { timeout: 30_000 }, async () => {
    expect(t.app.bus.kind).toBe('redis');
    await expect.poll(readiness, { timeout: 10_000 }).toBe(200);
    const user = await t.factory.user();
    const token = await t.loginAs(user);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openSse(`${base}/api/events`, bearer(token));
    await stream.next('ready');
    const received = () => stream.events.filter((e) => e.type === 'sos.updated');
    const eventIds = () => received().map((e) => (e.data as { eventId: number }).eventId);

    let published = 0;
    const publishMs: number[] = [];
    const publishNext = async () => {
      published += 1;
      const started = performance.now();
      await t.app.bus.publish([user.id], updated(published));
      publishMs.push(performance.now() - started);
    };

    // Before: the primary the app was given by the sentinels carries the events.
    expect(await sentinels.primaryNow()).toBe(sentinels.primaryPort);
    for (let i = 0; i < 20; i++) await publishNext();
    await stream.waitForEvents(20);

    // The primary dies in the middle of the stream; events keep coming every 20 ms.
    const killedAt = performance.now();
    await sentinels.killPrimary();
    const lastBeforeKill = published;
    let promotedAt: number | undefined;
    let readyAgainAt: number | undefined;
    let notReadySeen = false;
    while (readyAgainAt === undefined) {
      if (performance.now() - killedAt > 15_000) throw new Error(`no failover within 15 s\n${sentinels.output()}`);
      await publishNext();
      if (promotedAt === undefined && (await sentinels.primaryNow()) === sentinels.replicaPort) promotedAt = performance.now();
      const status = await readiness();
      if (status !== 200) notReadySeen = true;
      else if (promotedAt !== undefined) readyAgainAt = performance.now();
      await sleep(20);
    }
    const duringFailover = published - lastBeforeKill;

    // After: the replica is the primary, and the same stream goes on.
    for (let i = 0; i < 20; i++) await publishNext();
    await stream.next('sos.updated', (data) => (data as { eventId: number }).eventId === published, 10_000);
    // Anything sent twice would have arrived by now, right behind the last one.
    await sleep(200);

    expect(eventIds()).toEqual(Array.from({ length: published }, (_, i) => i + 1));
    const ids = received().map((e) => e.id as string);
    expect(new Set(ids).size).toBe(ids.length);
    expect(notReadySeen).toBe(true);
    expect(duringFailover).toBeGreaterThan(10);
    // No caller waited for the failover: a publish returns once queued while no primary answers.
    expect(Math.max(...publishMs)).toBeLessThan(1500);

    // The rate limits count on the new primary too (their client also follows the sentinels).
    const newPrimary = sentinels.client(sentinels.replicaPort);
    await newPrimary.connect();
    await expect
      .poll(
        async () => {
          await t.app.inject({ method: 'GET', url: '/api/community/volunteers-nearby?location=23.0225,72.5714&range=500', headers: bearer(token) });
          return (await newPrimary.keys(`${prefix}limit:*`)).length;
        },
        { timeout: 5000 },
      )
      .toBeGreaterThan(0);
    newPrimary.disconnect();

    // When the live events stopped reaching the stream, and for how long.
    const arrivals = received().map((e) => e.receivedAt);
    const longestPause = Math.max(...arrivals.slice(1).map((at, i) => at - (arrivals[i] ?? at)));
    console.log(
      `[sentinel failover] events: ${published} published, ${duringFailover} of them while failing over, ${eventIds().length} received, 0 lost, 0 twice; ` +
        `replica promoted ${Math.round((promotedAt ?? 0) - killedAt)} ms after the kill, app ready again after ${Math.round(readyAgainAt - killedAt)} ms; ` +
        `longest pause in the stream ${Math.round(longestPause)} ms; slowest publish() ${Math.round(Math.max(...publishMs))} ms`,
    );
    stream.close();
  });
});
