import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, build } from '../../../test/build';
import { openSse, type SseClient } from '../../../test/sse-client';
import { freshPlace, makeVolunteer, offset, post, raiseSos } from '../../../test/sos-fixtures';

const t = build();
let base = '';
const streams: SseClient[] = [];

beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => {
  for (const s of streams) s.close();
});

async function stream(query: string, headers: Record<string, string> = {}) {
  const client = await openSse(`${base}/api/events${query}`, headers);
  streams.push(client);
  return client;
}

describe('GET /api/events (server-sent events)', () => {
  it('streams SOS updates live to the victim and the volunteer', async () => {
    const here = freshPlace();
    const victim = await t.factory.user();
    const volunteer = await makeVolunteer(t, { at: offset(here, 150), name: 'Rahul Mehta' });
    const victimToken = await t.loginAs(victim);
    const volunteerToken = await t.loginAs(volunteer);
    const victimStream = await stream('', bearer(victimToken));
    expect(victimStream.status).toBe(200);
    await victimStream.next('ready');

    const ticket = (await post(t, volunteerToken, '/api/events/ticket')).json().ticket as string;
    const volunteerStream = await stream(`?ticket=${ticket}`);
    expect(volunteerStream.status).toBe(200);
    expect((await volunteerStream.next('ready')).data).toEqual({ userId: volunteer.id, resumed: false });

    const eventId = (await raiseSos(t, victimToken, here)).json().id as number;
    await t.app.outbox.drain();
    const created = await volunteerStream.next('notification.created');
    expect(created.data).toMatchObject({ notification: { type: 'sos.alert', sosEventId: eventId, read: false } });

    await post(t, volunteerToken, `/api/sos/${eventId}/accept`);
    const accepted = await victimStream.next('sos.accepted');
    expect(accepted.data).toMatchObject({ eventId, recipient: { userId: volunteer.id, name: 'Rahul', status: 'accepted' } });
    await victimStream.next('notification.created', (d) => (d as { notification: { type: string } }).notification.type === 'sos.accepted');

    const moved = offset(here, 5);
    await post(t, victimToken, `/api/sos/${eventId}/location`, moved);
    const location = await volunteerStream.next('sos.location');
    expect(location.data).toMatchObject({ eventId, location: { latitude: expect.closeTo(moved.latitude, 6) } });

    await post(t, victimToken, `/api/sos/${eventId}/resolve`);
    expect((await volunteerStream.next('sos.updated', (d) => (d as { status: string }).status === 'resolved')).data).toEqual({ eventId, status: 'resolved' });
    // Nobody else's stream heard any of it.
    expect(victimStream.events.some((e) => e.type === 'sos.location' && (e.data as { eventId: number }).eventId !== eventId)).toBe(false);
  });

  it("opens with the web app's session cookie, as its EventSource connects (no ticket first)", async () => {
    const user = await t.factory.user();
    const token = await t.loginAs(user);
    const client = await stream('', { cookie: `saathi_session=${token}` });
    expect(client.status).toBe(200);
    expect((await client.next('ready')).data).toEqual({ userId: user.id, resumed: false });
    expect((await stream('', { cookie: `saathi_session=${'n'.repeat(43)}` })).status).toBe(401);
  });

  it('spends a ticket once and refuses unknown, expired or missing credentials', async () => {
    const user = await t.factory.user();
    const token = await t.loginAs(user);
    const ticket = (await post(t, token, '/api/events/ticket')).json();
    expect(ticket).toEqual({ ticket: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresAt: expect.any(String) });
    expect((await stream(`?ticket=${ticket.ticket}`)).status).toBe(200);
    expect((await stream(`?ticket=${ticket.ticket}`)).status).toBe(401);

    const late = (await post(t, token, '/api/events/ticket')).json().ticket as string;
    t.clock.advance(61_000);
    expect((await stream(`?ticket=${late}`)).status).toBe(401);

    expect((await stream('')).status).toBe(401);
    expect((await stream('', bearer('n'.repeat(43)))).status).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/events/ticket' })).statusCode).toBe(401);
  });

  it('sends a stream that reconnects with Last-Event-ID what it missed, in order, then live events', async () => {
    const user = await t.factory.user();
    const other = await t.factory.user();
    const token = await t.loginAs(user);
    const updated = (eventId: number) => ({ type: 'sos.updated' as const, data: { eventId, status: 'active' as const } });
    const eventIds = (client: SseClient) => client.events.filter((e) => e.type === 'sos.updated').map((e) => (e.data as { eventId: number }).eventId);

    const first = await stream('', bearer(token));
    await first.next('ready');
    await t.app.bus.publish([user.id], updated(1));
    const seen = await first.next('sos.updated');
    expect(seen.id).toMatch(/^\d+-\d+$/);
    first.close();
    // While the phone is away: two events for the user, one for someone else.
    await t.app.bus.publish([user.id], updated(2));
    await t.app.bus.publish([other.id], updated(99));
    await t.app.bus.publish([user.id], updated(3));

    const back = await stream('', { ...bearer(token), 'last-event-id': seen.id as string });
    expect((await back.next('ready')).data).toEqual({ userId: user.id, resumed: true });
    await back.next('sos.updated', (d) => (d as { eventId: number }).eventId === 3);
    await t.app.bus.publish([user.id], updated(4));
    await back.next('sos.updated', (d) => (d as { eventId: number }).eventId === 4);
    expect(eventIds(back)).toEqual([2, 3, 4]);
    const ids = back.events.filter((e) => e.type === 'sos.updated').map((e) => e.id as string);
    expect(new Set(ids).size).toBe(3);

    // A ticket client names the last id in the query; having missed nothing, it gets nothing but what comes next.
    const ticket = (await post(t, token, '/api/events/ticket')).json().ticket as string;
    const caughtUp = await stream(`?ticket=${ticket}&lastEventId=${ids[2]}`);
    expect((await caughtUp.next('ready')).data).toEqual({ userId: user.id, resumed: true });
    await t.app.bus.publish([user.id], updated(5));
    await caughtUp.next('sos.updated');
    expect(eventIds(caughtUp)).toEqual([5]);
  });

  it('says the stream did not resume when the last id is unknown, too old or malformed, and replays nothing', async () => {
    const user = await t.factory.user();
    const token = await t.loginAs(user);
    await t.app.bus.publish([user.id], { type: 'sos.updated', data: { eventId: 7, status: 'active' } });
    // An id from an hour ago (or from before this process started): what followed is not known.
    for (const lastEventId of [`${Date.now() - 3600_000}-0`, 'not-an-id', '9'.repeat(40)]) {
      const client = await stream('', { ...bearer(token), 'last-event-id': lastEventId });
      expect(client.status).toBe(200);
      expect((await client.next('ready')).data).toEqual({ userId: user.id, resumed: false });
    }
    expect(streams.at(-1)?.events.filter((e) => e.type === 'sos.updated')).toEqual([]);
    // In the query, a malformed id is a bad request, as any malformed parameter is.
    const bad = await t.app.inject({ method: 'GET', url: '/api/events?lastEventId=yesterday', headers: bearer(token) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ field: 'lastEventId' });
  });
});

describe('saathi_live_streams', () => {
  const open = async () => {
    const { values } = await Promise.resolve(t.app.metrics.registry.getSingleMetric('saathi_live_streams')!.get());
    return values[0]?.value ?? 0;
  };

  it('counts a stream while it is open, and not after its reader left', async () => {
    const before = await open();
    const client = await stream('', bearer(await t.loginAs(await t.factory.user())));
    await client.next('ready');
    expect(await open()).toBe(before + 1);
    client.close();
    await expect.poll(open).toBe(before);
  });
});
