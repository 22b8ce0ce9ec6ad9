import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, build, type TestApp } from '../../../test/build';
import { buildSecondProcess, TEST_REDIS_URL as REDIS_URL, uniqueRedisPrefix } from '../../../test/second-process';
import { openSse, type SseClient } from '../../../test/sse-client';
import { freshPlace, makeVolunteer, offset, raiseSos } from '../../../test/sos-fixtures';

const prefix = uniqueRedisPrefix();

const t = build({ REDIS_URL, REDIS_CHANNEL_PREFIX: prefix });
let second: TestApp['app'];
let secondBase = '';
const streams: SseClient[] = [];

beforeAll(async () => {
  second = await buildSecondProcess(t, { REDIS_URL, REDIS_CHANNEL_PREFIX: prefix });
  secondBase = await second.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  for (const s of streams) s.close();
  await second?.close();
});

describe('live events through Redis pub/sub', () => {
  it('uses the Redis bus when REDIS_URL is set', () => {
    expect(t.app.bus.kind).toBe('redis');
    expect(second.bus.kind).toBe('redis');
  });

  it('counts Redis in the readiness check', async () => {
    // The worker starts once the database is warm, a moment after the app is built.
    await expect.poll(() => t.app.outbox.running, { timeout: 10_000 }).toBe(true);
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json().checks.redis).toBe('ok');
    expect(await t.app.bus.ping()).toBe(true);
  });

  it('reaches a stream on another server process', async () => {
    const here = freshPlace();
    const victim = await t.factory.user();
    const volunteer = await makeVolunteer(t, { at: offset(here, 100), name: 'Imran Khan' });
    const victimToken = await t.loginAs(victim);
    // The victim watches through process B...
    const victimStream = await openSse(`${secondBase}/api/events`, bearer(victimToken));
    streams.push(victimStream);
    await victimStream.next('ready');

    // ...while the SOS is raised and accepted through process A.
    const eventId = (await raiseSos(t, victimToken, here)).json().id as number;
    await t.app.outbox.drain();
    await second.outbox.drain();
    const res = await t.app.inject({ method: 'POST', url: `/api/sos/${eventId}/accept`, headers: bearer(await t.loginAs(volunteer)) });
    expect(res.statusCode).toBe(200);

    const accepted = await victimStream.next('sos.accepted');
    expect(accepted.data).toMatchObject({ eventId, recipient: { userId: volunteer.id, name: 'Imran', status: 'accepted' } });
    // Exactly once, although both processes are subscribed to the same bus.
    await victimStream.next('notification.created');
    expect(victimStream.events.filter((e) => e.type === 'sos.accepted')).toHaveLength(1);
  });

  it('does not deliver to a stream on another channel prefix', async () => {
    const user = await t.factory.user();
    const token = await t.loginAs(user);
    const stream = await openSse(`${secondBase}/api/events`, bearer(token));
    streams.push(stream);
    await stream.next('ready');
    await t.app.bus.publish([user.id], { type: 'sos.updated', data: { eventId: 1, status: 'resolved' } });
    await stream.next('sos.updated');
    const { createRedisBus } = await import('../../core/realtime');
    const foreign = await createRedisBus({ url: REDIS_URL, prefix: `${prefix}other:`, onError: () => undefined });
    await foreign.publish([user.id], { type: 'sos.updated', data: { eventId: 2, status: 'cancelled' } });
    await foreign.close();
    // Redis handles PUBLISHes one after the other and hands a subscriber its messages in that
    // order, so once an event published after the foreign one has arrived, the foreign one
    // would have arrived too, had it been delivered.
    await t.app.bus.publish([user.id], { type: 'sos.updated', data: { eventId: 3, status: 'resolved' } });
    await stream.next('sos.updated', (data) => (data as { eventId: number }).eventId === 3);
    expect(stream.events.filter((e) => e.type === 'sos.updated').map((e) => (e.data as { eventId: number }).eventId)).toEqual([1, 3]);
  });

  it('replays what a stream missed when it reconnects to the other process with Last-Event-ID', async () => {
    const user = await t.factory.user();
    const token = await t.loginAs(user);
    const updated = (eventId: number) => ({ type: 'sos.updated' as const, data: { eventId, status: 'active' as const } });
    const onB = await openSse(`${secondBase}/api/events`, bearer(token));
    streams.push(onB);
    await onB.next('ready');
    await t.app.bus.publish([user.id], updated(1));
    const seen = await onB.next('sos.updated');
    onB.close();
    await second.bus.publish([user.id], updated(2));
    await t.app.bus.publish([user.id], updated(3));

    // Process A never held this stream: the log it replays from is the shared one.
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const onA = await openSse(`${base}/api/events`, { ...bearer(token), 'last-event-id': seen.id as string });
    streams.push(onA);
    expect((await onA.next('ready')).data).toEqual({ userId: user.id, resumed: true });
    await onA.next('sos.updated', (d) => (d as { eventId: number }).eventId === 3);
    expect(onA.events.filter((e) => e.type === 'sos.updated').map((e) => (e.data as { eventId: number }).eventId)).toEqual([2, 3]);

    // An id older than the log (or than anything it kept) cannot be replayed: the client refetches.
    const stale = await openSse(`${base}/api/events`, { ...bearer(token), 'last-event-id': `${Date.now() - 3600_000}-0` });
    streams.push(stale);
    expect((await stale.next('ready')).data).toEqual({ userId: user.id, resumed: false });
  });
});
