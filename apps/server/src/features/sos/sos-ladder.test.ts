import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/build';
import { openSse, type SseClient } from '../../../test/sse-client';
import { build } from '../../../test/build';
import { startPushPeer, type PushPeer } from '../../../test/push-peer';
import { freshPlace, get, makeVolunteer, offset, post, raiseSos, subscribePush } from '../../../test/sos-fixtures';
import { snapToCell } from '../../domain/volunteer-grid';
import { alertedOf, makeResponder } from './sos-ladder.fixtures';

// Widening every 2 minutes, so the responders' 60 s time limit is seen on its own.
const t = build({ SOS_ESCALATION_SECONDS: '120', PUBLIC_URL: 'https://saathi.example' });
const sos = { peer: undefined as unknown as PushPeer };
let base = '';
const streams: SseClient[] = [];

beforeAll(async () => {
  sos.peer = await startPushPeer();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of streams) s.close();
  await sos.peer?.close();
});

async function raise(here: { latitude: number; longitude: number }, threat: string) {
  const victim = await t.factory.user({ name: 'Meera Shah' });
  const token = await t.loginAs(victim);
  const res = await raiseSos(t, token, { ...here, threat });
  expect(res.statusCode).toBe(201);
  const eventId = res.json().id as number;
  await t.app.outbox.drain();
  return { victim, token, eventId };
}

describe('the responder ladder', () => {
  it('alerts the nearest three verified responders whose profession fits first, then the others when none is left waiting', async () => {
    // From a cell centre, row k north spans 250·k ± 125 m: the first five share the victim's cell
    // (same distance: first made, first alerted), the fourth doctor is one row away (~250 m).
    const here = snapToCell(freshPlace());
    const fourthDoctor = await makeResponder(t, 'doctor', { at: offset(here, 260) });
    const doctor = await makeResponder(t, 'doctor', { at: offset(here, 10) });
    const nurse = await makeResponder(t, 'nurse', { at: offset(here, 20) });
    const hospital = await makeResponder(t, 'hospital', { at: offset(here, 30) });
    const police = await makeResponder(t, 'police', { at: offset(here, 40) });
    const plain = await makeVolunteer(t, { at: offset(here, 50) });

    const { eventId } = await raise(here, 'medical');
    // Medical: doctors, nurses and hospitals, nearest first, three at a time; nobody else yet.
    expect(await alertedOf(t, eventId)).toMatchObject([
      { userId: doctor.id, tier: 'responder' },
      { userId: nurse.id, tier: 'responder' },
      { userId: hospital.id, tier: 'responder' },
    ]);

    // 10 s later the doctor says no: the fourth fitting responder is alerted at once, not at the widening step.
    t.clock.advance(10_000);
    const declined = await post(t, await t.loginAs(doctor), `/api/sos/${eventId}/decline`, { reason: 'busy' });
    expect(declined.json()).toMatchObject({ status: 'declined' });
    await t.app.outbox.drain();
    const afterDecline = await alertedOf(t, eventId);
    expect(afterDecline.map((r) => r.userId)).toEqual([doctor.id, nurse.id, hospital.id, fourthDoctor.id]);
    expect(afterDecline[0]).toMatchObject({ declineReason: 'busy', passedAt: expect.any(Date) });

    // 60 s without an answer: the nurse and the hospital are passed over; the fourth doctor still has time, so the others wait.
    t.clock.advance(49_000);
    await t.app.outbox.drain();
    expect((await alertedOf(t, eventId)).map((r) => r.passedAt !== null)).toEqual([true, false, false, false]);
    t.clock.advance(1_000);
    await t.app.outbox.drain();
    expect((await alertedOf(t, eventId)).map((r) => [r.userId, r.passedAt !== null])).toEqual([
      [doctor.id, true],
      [nurse.id, true],
      [hospital.id, true],
      [fourthDoctor.id, false],
    ]);
    // The fourth doctor's minute is up too: nobody fitting is left waiting, so the other volunteers in range.
    t.clock.advance(10_000);
    await t.app.outbox.drain();
    const rows = await alertedOf(t, eventId);
    expect(rows.slice(0, 4).map((r) => r.passedAt !== null)).toEqual([true, true, true, true]);
    expect(rows.slice(4).map((r) => [r.userId, r.tier])).toEqual([
      [police.id, 'volunteer'],
      [plain.id, 'volunteer'],
    ]);
  });

  it('per threat: fire goes to firefighters, harassment and theft to the police, accident to medical and mechanics', async () => {
    for (const [threat, first] of [
      ['fire', ['firefighter']],
      ['harassment', ['police']],
      ['theft', ['police']],
      ['accident', ['mechanic', 'doctor']],
    ] as const) {
      const here = snapToCell(freshPlace());
      const firefighter = await makeResponder(t, 'firefighter', { at: offset(here, 300) });
      const police = await makeResponder(t, 'police', { at: offset(here, 260) });
      const mechanic = await makeResponder(t, 'mechanic', { at: offset(here, 10) });
      const doctor = await makeResponder(t, 'doctor', { at: offset(here, 320) });
      const ids = { firefighter: firefighter.id, police: police.id, mechanic: mechanic.id, doctor: doctor.id };
      const { eventId } = await raise(here, threat);
      const rows = await alertedOf(t, eventId);
      expect(
        rows.map((r) => r.userId),
        threat,
      ).toEqual(first.map((p) => ids[p]));
      expect(rows.every((r) => r.tier === 'responder')).toBe(true);
    }
  });

  it('an event with no fitting responder alerts everyone in range at once, as before', async () => {
    const here = snapToCell(freshPlace());
    const police = await makeResponder(t, 'police', { at: offset(here, 260) });
    const plain = await makeVolunteer(t, { at: offset(here, 10) });
    const { eventId } = await raise(here, 'medical');
    expect((await alertedOf(t, eventId)).map((r) => [r.userId, r.tier])).toEqual([
      [plain.id, 'volunteer'],
      [police.id, 'volunteer'],
    ]);
  });

  it('an expired or revoked badge is no badge: that volunteer waits with the others', async () => {
    const here = snapToCell(freshPlace());
    const expired = await makeResponder(t, 'doctor', { at: offset(here, 10) });
    await t.db
      .updateTable('users')
      .set({ verified_until: new Date(t.clock.now().getTime() - 1000) })
      .where('id', '=', expired.id)
      .execute();
    const valid = await makeResponder(t, 'nurse', { at: offset(here, 300) });
    const { eventId } = await raise(here, 'medical');
    expect((await alertedOf(t, eventId)).map((r) => [r.userId, r.tier])).toEqual([[valid.id, 'responder']]);
  });
});

describe('on and off duty', () => {
  it('never alerts an off-duty volunteer, nor one within their quiet hours (India time); the radar leaves off-duty ones out', async () => {
    // 2026-03-02 is a Monday; 22:30 in India is 17:00 UTC.
    t.clock.set(new Date('2026-03-02T17:00:00Z'));
    const here = snapToCell(freshPlace());
    const off = await makeVolunteer(t, { at: offset(here, 10) });
    const quiet = await makeVolunteer(t, { at: offset(here, 20) });
    const quietOtherDay = await makeVolunteer(t, { at: offset(here, 30) });
    const onDuty = await makeVolunteer(t, { at: offset(here, 40) });
    const put = (token: string, body: object) => t.app.inject({ method: 'PUT', url: '/api/volunteers/me/duty', headers: bearer(token), payload: body });

    const offToken = await t.loginAs(off);
    const offDuty = await put(offToken, { onDuty: false });
    expect(offDuty.statusCode).toBe(200);
    expect(offDuty.json()).toEqual({ onDuty: false, quietHours: null, quietNow: false, unansweredInARow: 0, suggestOffDuty: false, verified: null });
    // Monday 22:00 to 06:00: covers Monday 22:30.
    const quietRes = await put(await t.loginAs(quiet), { onDuty: true, quietHours: { days: [1], start: '22:00', end: '06:00' } });
    expect(quietRes.json()).toMatchObject({ onDuty: true, quietHours: { days: [1], start: '22:00', end: '06:00' }, quietNow: true });
    // Sunday night's window does not reach Monday 22:30.
    expect((await put(await t.loginAs(quietOtherDay), { onDuty: true, quietHours: { days: [0], start: '22:00', end: '06:00' } })).json().quietNow).toBe(false);

    const bad = await put(offToken, { onDuty: true, quietHours: { days: [1], start: '25:00', end: '06:00' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('quietHours.start');
    expect((await get(t, offToken, '/api/volunteers/me/duty')).json().onDuty).toBe(false);

    const { eventId, token } = await raise(here, 'other');
    expect((await alertedOf(t, eventId)).map((r) => r.userId)).toEqual([quietOtherDay.id, onDuty.id]);
    t.clock.advance(3 * 120_000);
    await t.app.outbox.drain();
    expect((await alertedOf(t, eventId)).map((r) => r.userId)).toEqual([quietOtherDay.id, onDuty.id]);

    const radar = await get(t, token, `/api/community/volunteers-nearby?location=${encodeURIComponent(`${here.latitude}, ${here.longitude}`)}&range=500`);
    expect(radar.json().map((v: { id: number }) => v.id)).not.toContain(off.id);
    expect((await t.app.inject({ method: 'PUT', url: '/api/volunteers/me/duty', payload: { onDuty: true } })).statusCode).toBe(401);
    t.clock.set(new Date());
  });

  it('after three alerts in a row left unanswered, suggests going off duty; setting the duty starts the count again', async () => {
    const here = snapToCell(freshPlace());
    const volunteer = await makeVolunteer(t, { at: offset(here, 10) });
    const token = await t.loginAs(volunteer);
    for (let i = 0; i < 3; i += 1) {
      const { eventId, token: victimToken } = await raise(offset(here, 50 + i * 5), 'other');
      await post(t, victimToken, `/api/sos/${eventId}/cancel`);
    }
    await t.app.outbox.drain();
    expect((await get(t, token, '/api/volunteers/me/duty')).json()).toMatchObject({ unansweredInARow: 3, suggestOffDuty: true });
    const stay = await t.app.inject({ method: 'PUT', url: '/api/volunteers/me/duty', headers: bearer(token), payload: { onDuty: true } });
    expect(stay.json()).toMatchObject({ onDuty: true, unansweredInARow: 0, suggestOffDuty: false });
  });
});

describe('on-scene statuses', () => {
  it('the victim sees them live; contacts’ tracking page and the other volunteers coming see them too', async () => {
    const here = snapToCell(freshPlace());
    const nurse = await makeResponder(t, 'nurse', { at: offset(here, 10), name: 'Asha Verma' });
    const other = await makeVolunteer(t, { at: offset(here, 20), name: 'Ravi Kumar' });
    const victim = await t.factory.user({ name: 'Meera Shah' });
    const victimToken = await t.loginAs(victim);
    const stream = await openSse(`${base}/api/events`, bearer(victimToken));
    streams.push(stream);
    await stream.next('ready');
    const eventId = (await raiseSos(t, victimToken, { ...here, threat: 'other' })).json().id as number;
    await t.app.outbox.drain();
    const nurseToken = await t.loginAs(nurse);
    const otherToken = await t.loginAs(other);

    // Only an accepted volunteer has a status.
    const early = await post(t, nurseToken, `/api/sos/${eventId}/status`, { status: 'en_route' });
    expect([early.statusCode, early.json().error.code]).toEqual([409, 'sos_not_accepted']);
    expect((await post(t, await t.loginAs(victim), `/api/sos/${eventId}/status`, { status: 'en_route' })).statusCode).toBe(403);

    await post(t, nurseToken, `/api/sos/${eventId}/accept`, offset(here, 10));
    await post(t, otherToken, `/api/sos/${eventId}/accept`, offset(here, 20));
    const enRoute = await post(t, nurseToken, `/api/sos/${eventId}/status`, { status: 'en_route' });
    expect(enRoute.json()).toEqual({ eventId, sceneStatus: 'en_route', handedTo: null, eventStatus: 'active' });
    const live = await stream.next('sos.accepted', (d) => (d as { recipient: { sceneStatus: string | null } }).recipient.sceneStatus === 'en_route');
    expect((live.data as { recipient: object }).recipient).toMatchObject({
      userId: nurse.id,
      sceneStatus: 'en_route',
      verifiedProfession: 'nurse',
      tier: 'volunteer',
    });

    const missing = await post(t, nurseToken, `/api/sos/${eventId}/status`, { status: 'handed_over' });
    expect([missing.statusCode, missing.json().error.field]).toEqual([400, 'handedTo']);
    await post(t, nurseToken, `/api/sos/${eventId}/status`, { status: 'handed_over', handedTo: 'ambulance' });
    await stream.next('sos.accepted', (d) => (d as { recipient: { handedTo: string | null } }).recipient.handedTo === 'ambulance');

    const owner = (await get(t, victimToken, `/api/sos/${eventId}`)).json();
    expect(owner.accepted.map((r: { sceneStatus: string | null }) => r.sceneStatus)).toEqual(['handed_over', null]);
    const otherView = (await get(t, otherToken, `/api/sos/${eventId}`)).json();
    expect(otherView.responders).toEqual([{ name: 'Asha', role: 'volunteer', verifiedProfession: 'nurse', sceneStatus: 'handed_over', handedTo: 'ambulance' }]);
  });
});

describe('practice alerts', () => {
  it('go through push, accept and statuses to the sender only, are marked practice and earn nothing', async () => {
    const here = snapToCell(freshPlace());
    const volunteer = await makeVolunteer(t, { at: offset(here, 10), name: 'Kiran Patel' });
    const bystander = await makeVolunteer(t, { at: offset(here, 20) });
    const subscription = await subscribePush(t, sos.peer, volunteer.id);
    const token = await t.loginAs(volunteer);
    // Points come only from the day's use and the volunteer's place (made above); nothing from the practice.
    const ledger = () =>
      t.db
        .selectFrom('points_ledger')
        .select(['reason', 'points'])
        .where('user_id', '=', volunteer.id)
        .where('reason', 'not in', ['active_day', 'volunteer_location'])
        .execute();

    const res = await post(t, token, '/api/sos/practice', here);
    expect(res.statusCode).toBe(201);
    const view = res.json();
    expect(view).toMatchObject({ role: 'volunteer', practice: true, response: 'notified', sceneStatus: null });
    expect((await post(t, token, '/api/sos/practice', here)).statusCode).toBe(200);
    await t.app.outbox.drain();

    const pushes = sos.peer.received.filter((p) => p.subscriptionId === subscription);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.payload).toMatchObject({
      title: 'Practice alert (not a real SOS)',
      url: `/sos-mode?sosEventId=${view.id}`,
      actions: [{ action: 'open-sos', title: 'Go to SOS' }],
    });
    expect((await alertedOf(t, view.id)).map((r) => r.userId)).toEqual([volunteer.id]);
    const bystanderNotes = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', bystander.id)
      .where('sos_event_id', '=', view.id)
      .execute();
    expect(bystanderNotes).toEqual([]);

    // A real SOS is not blocked by the practice one running.
    const real = await raiseSos(t, token, { ...here, threat: 'medical' });
    expect(real.statusCode).toBe(201);
    await post(t, token, `/api/sos/${real.json().id}/cancel`);

    expect((await post(t, token, `/api/sos/${view.id}/accept`, here)).json()).toMatchObject({ status: 'accepted' });
    for (const status of ['en_route', 'arrived']) expect((await post(t, token, `/api/sos/${view.id}/status`, { status })).json().eventStatus).toBe('active');
    expect((await get(t, token, `/api/sos/${view.id}`)).json()).toMatchObject({ role: 'volunteer', practice: true, sceneStatus: 'arrived' });
    const done = await post(t, token, `/api/sos/${view.id}/status`, { status: 'done' });
    expect(done.json()).toEqual({ eventId: view.id, sceneStatus: 'done', handedTo: null, eventStatus: 'resolved' });

    // Earns nothing: nobody to rate, no rating accepted.
    const rated = await t.app.inject({
      method: 'POST',
      url: '/api/sos/feedback',
      headers: bearer(token),
      payload: { feedBackData: { feedbackGiverId: volunteer.id, feedbackReceiverId: volunteer.id, rating: 5, eventId: view.id } },
    });
    expect([rated.statusCode, rated.json().error.code]).toEqual([400, 'not_accepted']);
    const accepted = await get(t, token, `/api/sos/sos-accepted-users?userId=${volunteer.id}&eventId=${view.id}`);
    expect(accepted.json()[0].notifications).toEqual([]);
    expect(await ledger()).toEqual([]);
    // Practice alerts do not count as alerts left unanswered.
    expect((await get(t, token, '/api/volunteers/me/duty')).json().unansweredInARow).toBe(0);
  });
});
