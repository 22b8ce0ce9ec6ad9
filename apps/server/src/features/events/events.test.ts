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
    expect((await volunteerStream.next('ready')).data).toEqual({ userId: volunteer.id });

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
    expect((await client.next('ready')).data).toEqual({ userId: user.id });
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
});
