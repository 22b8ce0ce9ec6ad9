import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '@saathi/shared';
import { build } from '../../../test/build';
import { addContact, freshPlace, get, makeVolunteer, offset, post, raiseSos } from '../../../test/sos-fixtures';
import { snapToCell } from '../../domain/volunteer-grid';

const t = build();

async function activeSos(options: { contacts?: Array<{ name: string; phoneNumber: string }>; volunteersAt?: number[] } = {}) {
  // A privacy-cell centre: a volunteer N·250 m north sits in a cell 250·N to 250·N+30 m away.
  const here = snapToCell(freshPlace());
  const victim = await t.factory.user({ name: 'Neha Kulkarni' });
  for (const contact of options.contacts ?? []) await addContact(t, victim.id, contact);
  const volunteers = [];
  for (const metres of options.volunteersAt ?? []) volunteers.push(await makeVolunteer(t, { at: offset(here, metres), name: 'Vikram Singh' }));
  const token = await t.loginAs(victim);
  const res = await raiseSos(t, token, { ...here, accuracy: 12, threat: 'harassment', contactsOnly: false });
  expect(res.statusCode).toBe(201);
  await t.app.outbox.drain();
  return { here, victim, token, volunteers, eventId: res.json().id as number };
}

describe('POST /api/sos', () => {
  it('creates an active event and returns the owner view', async () => {
    const here = freshPlace();
    const victim = await t.factory.user();
    const res = await raiseSos(t, await t.loginAs(victim), { ...here, accuracy: 8.5, threat: 'accident', contactsOnly: true });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      role: 'owner',
      status: 'active',
      userId: victim.id,
      threat: 'accident',
      contactsOnly: true,
      endedAt: null,
      radiusM: 500,
      radiusStep: 0,
      location: { latitude: expect.closeTo(here.latitude, 6), longitude: expect.closeTo(here.longitude, 6), accuracy: 8.5 },
      alerted: [],
      accepted: [],
    });
    const fanout = await t.db.selectFrom('outbox').select(['topic', 'payload']).where('dedupe_key', '=', `sos:${res.json().id}:fanout:0`).execute();
    expect(fanout).toEqual([{ topic: 'sos.fanout', payload: { eventId: res.json().id, step: 0 } }]);
  });

  it('returns the running event for a second press instead of alerting everyone again', async () => {
    const victim = await t.factory.user();
    const token = await t.loginAs(victim);
    const first = await raiseSos(t, token, freshPlace());
    const second = await raiseSos(t, token, { ...freshPlace(), threat: 'fire' });
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    expect(second.json().threat).toBeNull();
    const count = await t.db.selectFrom('sos_events').select('id').where('user_id', '=', victim.id).execute();
    expect(count).toHaveLength(1);
  });

  it('allows 3 events per 10 minutes, then answers 429 with a clear message', async () => {
    const victim = await t.factory.user();
    const token = await t.loginAs(victim);
    for (let i = 0; i < 3; i++) {
      const res = await raiseSos(t, token, freshPlace());
      expect(res.statusCode).toBe(201);
      expect((await post(t, token, `/api/sos/${res.json().id}/cancel`)).statusCode).toBe(200);
      t.clock.advance(60_000);
    }
    const limited = await raiseSos(t, token, freshPlace());
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({
      code: 'sos_rate_limited',
      message: expect.stringContaining('call 112'),
      params: { limit: 3, minutes: 10, seconds: 7 * 60 },
    });
    expect(Number(limited.headers['retry-after'])).toBe(7 * 60);
    const rows = await t.db.selectFrom('sos_events').select('id').where('user_id', '=', victim.id).execute();
    expect(rows).toHaveLength(3);
    t.clock.advance(7 * 60_000 + 1000);
    expect((await raiseSos(t, token, freshPlace())).statusCode).toBe(201);
  });

  it.each([
    [{ latitude: 91, longitude: 72 }, 'latitude'],
    [{ latitude: 23, longitude: 72, threat: 'alien' }, 'threat'],
    [{ latitude: 23, longitude: 72, accuracy: -1 }, 'accuracy'],
    [{ longitude: 72 }, 'latitude'],
  ])('rejects bad input %j with 400 naming %s', async (body, field) => {
    const res = await raiseSos(t, await t.loginAs(await t.factory.user()), body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe(field);
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/sos', payload: freshPlace() });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/sos/:id', () => {
  it('shows the owner who was alerted (with a distance band) and who accepted (with their distance)', async () => {
    const { token, eventId, volunteers, here } = await activeSos({ contacts: [{ name: 'Didi', phoneNumber: '9833000001' }], volunteersAt: [20, 300] });
    const [near, far] = volunteers;
    await post(t, await t.loginAs(far!), `/api/sos/${eventId}/accept`, offset(here, 310));
    const res = await get(t, token, `/api/sos/${eventId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.alerted.map((r: { kind: string; name: string }) => [r.kind, r.name])).toEqual([
      ['volunteer', 'Vikram'],
      ['volunteer', 'Vikram'],
      ['contact', 'Didi'],
    ]);
    expect(body.alerted[0]).toMatchObject({
      userId: near!.id,
      status: 'notified',
      deliveryStatus: 'sent',
      distanceM: null,
      distanceBand: '0-500',
      radiusM: 500,
    });
    expect(body.alerted[2]).toMatchObject({ kind: 'contact', distanceM: null, distanceBand: null });
    expect(body.accepted).toEqual([expect.objectContaining({ userId: far!.id, status: 'accepted', distanceBand: '0-500', distanceM: expect.any(Number) })]);
    expect(body.accepted[0].distanceM).toBeGreaterThan(290);
    expect(body.accepted[0].distanceM).toBeLessThan(330);
    // The owner's own saved number for the contact (to call them from the SOS screen); no volunteer's number, ever.
    expect(body.alerted[2].phoneNumber).toBe('9833000001');
    expect(body.alerted.filter((r: { kind: string }) => r.kind === 'volunteer').map((r: { phoneNumber: unknown }) => r.phoneNumber)).toEqual([null, null]);
    for (const volunteer of volunteers) expect(JSON.stringify(body)).not.toContain(volunteer.phoneNumber);
  });

  it("shows an accepted volunteer the victim's live location and a maps link while active, and nothing after", async () => {
    const { token, eventId, volunteers, here } = await activeSos({ volunteersAt: [200] });
    const volunteerToken = await t.loginAs(volunteers[0]!);

    const before = await get(t, volunteerToken, `/api/sos/${eventId}`);
    expect(before.statusCode).toBe(200);
    // Before accepting: how far only as the band of the volunteer's cell, no location.
    expect(before.json()).toMatchObject({
      role: 'volunteer',
      response: 'notified',
      victim: { firstName: 'Neha', location: null, distanceM: null, distanceBand: '0-500', mapsUrl: null },
    });

    const at = offset(here, 250);
    const accepted = await post(t, volunteerToken, `/api/sos/${eventId}/accept`, at);
    expect(accepted.json()).toEqual({ eventId, status: 'accepted', distanceM: expect.any(Number) });
    expect(accepted.json().distanceM).toBeGreaterThan(230);
    expect(accepted.json().distanceM).toBeLessThan(270);

    const moved = offset(here, 10, 10);
    expect((await post(t, token, `/api/sos/${eventId}/location`, { ...moved, accuracy: 5 })).statusCode).toBe(200);
    const during = (await get(t, volunteerToken, `/api/sos/${eventId}`)).json();
    expect(during.victim.location).toMatchObject({ latitude: expect.closeTo(moved.latitude, 6), longitude: expect.closeTo(moved.longitude, 6), accuracy: 5 });
    expect(during.victim.mapsUrl).toBe(`https://www.google.com/maps/search/?api=1&query=${moved.latitude.toFixed(6)},${moved.longitude.toFixed(6)}`);
    expect(during).not.toHaveProperty('alerted');

    expect((await post(t, token, `/api/sos/${eventId}/resolve`)).statusCode).toBe(200);
    const after = await get(t, volunteerToken, `/api/sos/${eventId}`);
    expect(after.statusCode).toBe(403);
    expect(after.json().error.code).toBe('sos_ended');
    expect(after.body).not.toContain(String(moved.latitude.toFixed(4)));
  });

  it('refuses everyone else (403) and unknown ids (404)', async () => {
    const { eventId } = await activeSos();
    const stranger = await t.loginAs(await t.factory.user());
    expect((await get(t, stranger, `/api/sos/${eventId}`)).statusCode).toBe(403);
    const unknown = await get(t, stranger, '/api/sos/99999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'sos_not_found' });
    expect((await get(t, stranger, '/api/sos/abc')).statusCode).toBe(400);
  });
});

describe('live location, resolve and cancel', () => {
  it('records the trail and refuses updates by others or after the end', async () => {
    const { token, eventId, here } = await activeSos();
    const res = await post(t, token, `/api/sos/${eventId}/location`, { ...offset(here, 20), accuracy: 4, heading: 90, speed: 1.2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, location: { accuracy: 4 } });
    const trail = await t.db.selectFrom('sos_location_updates').select(['heading_deg', 'speed_mps']).where('event_id', '=', eventId).orderBy('id').execute();
    expect(trail).toHaveLength(2);
    expect(trail[1]).toMatchObject({ heading_deg: 90 });

    const other = await t.loginAs(await t.factory.user());
    expect((await post(t, other, `/api/sos/${eventId}/location`, here)).statusCode).toBe(403);
    expect((await post(t, other, `/api/sos/${eventId}/resolve`)).statusCode).toBe(403);
    expect((await post(t, other, `/api/sos/${eventId}/cancel`)).statusCode).toBe(403);
    expect((await post(t, token, `/api/sos/${eventId}/location`, { latitude: 95, longitude: 1 })).statusCode).toBe(400);

    const resolved = await post(t, token, `/api/sos/${eventId}/resolve`);
    expect(resolved.json()).toMatchObject({ status: 'resolved', endedAt: expect.any(String) });
    expect((await post(t, token, `/api/sos/${eventId}/location`, here)).statusCode).toBe(409);
    expect((await post(t, token, `/api/sos/${eventId}/cancel`)).json().error.code).toBe('sos_ended');
    expect((await post(t, token, '/api/sos/99999999/resolve')).statusCode).toBe(404);
  });

  it('sends an "all clear" to everyone already alerted when cancelled', async () => {
    const { token, eventId, volunteers } = await activeSos({ contacts: [{ name: 'Papa', phoneNumber: '9833000002' }], volunteersAt: [100] });
    const res = await post(t, token, `/api/sos/${eventId}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('cancelled');
    await t.app.outbox.drain();
    const texts = t.sms.messages.filter((m) => m.to === '9833000002').map((m) => m.text);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toBe('All clear: Neha cancelled the SOS alert. No help is needed now. -Saathi');
    const inApp = await t.db
      .selectFrom('notifications')
      .select(['type', 'title'])
      .where('user_id', '=', volunteers[0]!.id)
      .where('sos_event_id', '=', eventId)
      .orderBy('id')
      .execute();
    expect(inApp).toEqual([
      { type: 'sos.alert', title: 'SOS nearby: Harassment/Assault' },
      { type: 'sos.all_clear', title: 'All clear' },
    ]);
  });

  it('sends no alert at all when cancelled before the fan-out ran', async () => {
    const here = freshPlace();
    const victim = await t.factory.user();
    await addContact(t, victim.id, { name: 'Maa', phoneNumber: '9833000003' });
    const volunteer = await makeVolunteer(t, { at: offset(here, 50) });
    const token = await t.loginAs(victim);
    // Cancel inside the same tick, before the worker got to the fan-out.
    await t.app.outbox.stop();
    const eventId = (await raiseSos(t, token, here)).json().id as number;
    await post(t, token, `/api/sos/${eventId}/cancel`);
    await t.app.outbox.drain();
    t.app.outbox.start();
    expect(t.sms.messages.filter((m) => m.to === '9833000003')).toEqual([]);
    const inApp = await t.db.selectFrom('notifications').select('id').where('user_id', '=', volunteer.id).execute();
    expect(inApp).toEqual([]);
  });
});

describe('accept and decline', () => {
  it('only an alerted volunteer of an active event may answer', async () => {
    const { token, eventId, volunteers } = await activeSos({ contacts: [{ name: 'Papa', phoneNumber: '9833000004' }], volunteersAt: [100] });
    const volunteerToken = await t.loginAs(volunteers[0]!);
    const stranger = await t.loginAs(await makeVolunteer(t, { at: freshPlace() }));
    expect((await post(t, stranger, `/api/sos/${eventId}/accept`)).statusCode).toBe(403);
    expect((await post(t, stranger, `/api/sos/${eventId}/decline`)).statusCode).toBe(403);
    expect((await post(t, token, `/api/sos/${eventId}/accept`)).statusCode).toBe(403);
    expect((await post(t, stranger, '/api/sos/99999999/accept')).statusCode).toBe(404);

    const declined = await post(t, volunteerToken, `/api/sos/${eventId}/decline`);
    expect(declined.json()).toMatchObject({ status: 'declined' });
    expect((await post(t, volunteerToken, `/api/sos/${eventId}/accept`)).json()).toMatchObject({ status: 'accepted' });
    // Accepting twice is harmless.
    expect((await post(t, volunteerToken, `/api/sos/${eventId}/accept`)).statusCode).toBe(200);
    // The victim's notification goes through the outbox.
    await t.app.outbox.drain();
    const ownerNotes = await t.db
      .selectFrom('notifications')
      .select(['type', 'actor_id'])
      .where('sos_event_id', '=', eventId)
      .where('type', '=', 'sos.accepted')
      .execute();
    expect(ownerNotes).toEqual([{ type: 'sos.accepted', actor_id: volunteers[0]!.id }]);

    await post(t, token, `/api/sos/${eventId}/resolve`);
    const late = await post(t, volunteerToken, `/api/sos/${eventId}/decline`);
    expect(late.statusCode).toBe(409);
  });

  it('tells the victim live when a volunteer who accepted sends a fresher position, and only then', async () => {
    const { here, victim, eventId, volunteers } = await activeSos({ volunteersAt: [300] });
    const live: LiveEvent[] = [];
    const unsubscribe = await t.app.bus.subscribe(victim.id, (event) => live.push(event));
    try {
      const volunteerToken = await t.loginAs(volunteers[0]!);
      // At once, without waiting for a GPS fix: measured from their volunteer place (~300 m).
      const first = (await post(t, volunteerToken, `/api/sos/${eventId}/accept`)).json();
      expect(first.distanceM).toBeGreaterThan(280);
      // Then the fix arrives: they are 40 m away.
      const second = (await post(t, volunteerToken, `/api/sos/${eventId}/accept`, offset(here, 40))).json();
      expect(second).toMatchObject({ status: 'accepted', distanceM: expect.any(Number) });
      expect(second.distanceM).toBeLessThan(50);
      const distances = () => live.flatMap((e) => (e.type === 'sos.accepted' ? [e.data.recipient.distanceM] : []));
      expect(distances()).toEqual([first.distanceM, second.distanceM]);
      // The same position again changes nothing the victim sees: no event.
      await post(t, volunteerToken, `/api/sos/${eventId}/accept`, offset(here, 40));
      expect(distances()).toHaveLength(2);
      // One notification for the victim, however often they accept.
      await t.app.outbox.drain();
      const notes = await t.db.selectFrom('notifications').select('body').where('user_id', '=', victim.id).where('type', '=', 'sos.accepted').execute();
      expect(notes).toHaveLength(1);
    } finally {
      await unsubscribe();
    }
  });
});
