import { describe, expect, it } from 'vitest';
import { build } from '../../../test/build';
import { offset } from '../../../test/sos-fixtures';
import {
  DURESS_PIN,
  linkTokenSentTo,
  MINUTE,
  SAFETY_PIN,
  SAFETY_TIMER_TEST_ENV,
  send,
  startTimer,
  timerOwner,
  type TimerOwner,
} from '../../../test/safety-timer-fixtures';

const t = build(SAFETY_TIMER_TEST_ENV);

/** A walk from the owner's place to a point 2 km north. */
async function startWalk(owner: TimerOwner, body: object = {}) {
  const destination = { name: 'Home', ...offset(owner.place, 2000, 0) };
  const res = await send(t, owner.token, 'POST', '/api/journeys', { destination, mode: 'walk', origin: { ...owner.place, accuracy: 10 }, ...body });
  return { res, destination };
}

const point = (at: Date, where: { latitude: number; longitude: number }, accuracy = 10) => ({ ...where, accuracy, at: at.toISOString() });
const keptPoints = (id: number) => t.db.selectFrom('journey_positions').select(['slot', 'at']).where('timer_id', '=', id).orderBy('slot').execute();

describe('POST /api/journeys', () => {
  it('starts a walk with the expected arrival from the distance and the mode, a tracking link, and the alarm after the grace', async () => {
    const owner = await timerOwner(t);
    const now = t.clock.now().getTime();
    const { res } = await startWalk(owner);
    expect(res.statusCode).toBe(201);
    const started = res.json<{ id: number; status: string; expectedArrivalAt: string; trackingUrl: string }>();
    expect(started.status).toBe('active');
    // 2 km as the crow flies, 1.3 × that on the road, at 4.5 km/h: 35 minutes.
    expect(new Date(started.expectedArrivalAt).getTime() - now).toBe(35 * MINUTE);
    expect(started.trackingUrl).toMatch(/^https:\/\/saathi\.example\/t\/[A-Za-z0-9]{12}$/);

    const current = (await send(t, owner.token, 'GET', '/api/journeys/current')).json().journey;
    expect(current).toMatchObject({ id: started.id, status: 'active', stage: 'running', mode: 'walk', destination: { name: 'Home' }, arrival: null });
    // The grace: 10 minutes, or a fifth of a longer trip.
    expect(new Date(current.alertAt).getTime() - now).toBe(45 * MINUTE);
    // The timer under it says it is a journey's (the timer screen sends the person to /journey).
    expect((await send(t, owner.token, 'GET', '/api/safety-timers/current')).json().timer).toMatchObject({ id: started.id, journey: true });
    // The person's own link shows where they are, without a login.
    const token = started.trackingUrl.split('/t/')[1];
    const tracked = await t.app.inject({ method: 'GET', url: `/api/track/${token}` });
    expect(tracked.statusCode).toBe(200);
    expect(tracked.json()).toMatchObject({
      status: 'active',
      firstName: 'Meera',
      location: { latitude: owner.place.latitude, longitude: owner.place.longitude },
    });
  });

  it('takes an expected arrival 5 to 200 minutes ahead, and refuses one outside or none without an origin', async () => {
    const owner = await timerOwner(t);
    const now = t.clock.now().getTime();
    const destination = { latitude: owner.place.latitude + 0.01, longitude: owner.place.longitude };
    for (const minutes of [3, 201]) {
      const res = await send(t, owner.token, 'POST', '/api/journeys', {
        destination,
        mode: 'bus',
        expectedArrivalAt: new Date(now + minutes * MINUTE).toISOString(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.field).toBe('expectedArrivalAt');
    }
    const none = await send(t, owner.token, 'POST', '/api/journeys', { destination, mode: 'bus' });
    expect(none.statusCode).toBe(400);
    expect((await send(t, owner.token, 'GET', '/api/journeys/current')).json().journey).toBeNull();

    const res = await send(t, owner.token, 'POST', '/api/journeys', { destination, mode: 'bus', expectedArrivalAt: new Date(now + 60 * MINUTE).toISOString() });
    expect(res.statusCode).toBe(201);
    const current = (await send(t, owner.token, 'GET', '/api/journeys/current')).json().journey;
    expect(new Date(current.alertAt).getTime() - now).toBe(72 * MINUTE);
  });

  it('refuses bad input, a second journey, a journey beside a running timer, and a start without PINs', async () => {
    const owner = await timerOwner(t);
    const destination = { latitude: owner.place.latitude, longitude: owner.place.longitude };
    for (const body of [
      { destination, mode: 'rocket' },
      { destination: { latitude: 95, longitude: 0 }, mode: 'walk' },
      { mode: 'walk' },
      { destination, mode: 'walk', contactIds: [999999] },
    ]) {
      expect((await send(t, owner.token, 'POST', '/api/journeys', { origin: owner.place, ...body })).statusCode).toBe(400);
    }
    expect((await startWalk(owner)).res.statusCode).toBe(201);
    const second = (await startWalk(owner)).res;
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('journey_running');

    const walker = await timerOwner(t);
    await startTimer(t, walker);
    expect((await startWalk(walker)).res.json().error.code).toBe('journey_running');

    const noPins = await t.loginAs(await t.factory.user());
    const refused = await send(t, noPins, 'POST', '/api/journeys', { destination, mode: 'walk', origin: owner.place });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('safety_pins_not_set');
  });
});

describe('POST /api/journeys/:id/positions', () => {
  it('keeps one point per 10 s whatever the order and repeats, moves the live position only forward, and asks "Arrived?" near the destination', async () => {
    const owner = await timerOwner(t);
    // Points are kept one per 10-second window of the clock: start on a window's edge.
    t.clock.set(new Date(Math.ceil(t.clock.now().getTime() / 10_000) * 10_000));
    const { res, destination } = await startWalk(owner);
    const id = res.json<{ id: number }>().id;
    const start = t.clock.now().getTime();
    const at = (s: number) => new Date(start + s * 1000);
    const along = (m: number) => offset(owner.place, m, 0);
    // 0 s, 4 s (same slot), 12 s, 25 s; sent out of order, with a repeat.
    const batch = [point(at(12), along(15)), point(at(0), along(0)), point(at(4), along(5)), point(at(25), along(30)), point(at(12), along(15))];
    t.clock.set(at(30));
    const answer = await send(t, owner.token, 'POST', `/api/journeys/${id}/positions`, { points: batch });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ arrival: null });
    expect((await keptPoints(id)).map((p) => new Date(p.at).getTime() - start)).toEqual([0, 12_000, 25_000]);
    // A late batch does not move the live position back.
    await send(t, owner.token, 'POST', `/api/journeys/${id}/positions`, { points: [point(at(8), along(10))] });
    const timer = await t.db.selectFrom('safety_timers').select(['last_lat', 'last_location_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(new Date(timer.last_location_at!).getTime()).toBe(start + 25_000);
    expect(timer.last_lat).toBeCloseTo(along(30).latitude, 6);

    // 120 m short of the destination: near enough.
    t.clock.set(at(1800));
    const near = await send(t, owner.token, 'POST', `/api/journeys/${id}/positions`, { points: [point(at(1795), offset(destination, -120, 0))] });
    const arrival = near.json().arrival;
    expect(new Date(arrival.endsAt).getTime() - new Date(arrival.askedAt).getTime()).toBe(2 * MINUTE);
    expect((await send(t, owner.token, 'GET', '/api/journeys/current')).json().journey.arrival).toEqual(arrival);
  });

  it('refuses a batch that is empty, too large or malformed, and a stranger', async () => {
    const owner = await timerOwner(t);
    const id = (await startWalk(owner)).res.json<{ id: number }>().id;
    const now = t.clock.now();
    const url = `/api/journeys/${id}/positions`;
    for (const body of [
      { points: [] },
      { points: Array.from({ length: 121 }, () => point(now, owner.place)) },
      { points: [{ ...owner.place }] },
      { points: [{ ...point(now, owner.place), latitude: 'x' }] },
    ]) {
      expect((await send(t, owner.token, 'POST', url, body)).statusCode).toBe(400);
    }
    const stranger = await timerOwner(t);
    const foreign = await send(t, stranger.token, 'POST', url, { points: [point(now, owner.place)] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('journey_not_found');
    expect(await keptPoints(id)).toHaveLength(0);
  });
});

describe('ending a journey', () => {
  it('the safety and the duress PIN give the same answer and the same screen; after duress the track goes on, after the safe PIN nothing is kept', async () => {
    const safe = await timerOwner(t);
    const duress = await timerOwner(t);
    const ids: number[] = [];
    const answers = [];
    for (const [owner, pin] of [
      [safe, SAFETY_PIN],
      [duress, DURESS_PIN],
    ] as const) {
      const id = (await startWalk(owner)).res.json<{ id: number }>().id;
      ids.push(id);
      await send(t, owner.token, 'POST', `/api/journeys/${id}/positions`, { points: [point(t.clock.now(), owner.place)] });
      t.clock.advance(60_000);
      const wrong = await send(t, owner.token, 'POST', `/api/journeys/${id}/arrive`, { pin: '0000' });
      expect(wrong.json().error.code).toBe('safety_pin_wrong');
      const ended = await send(t, owner.token, 'POST', `/api/journeys/${id}/arrive`, { pin });
      answers.push({ status: ended.statusCode, body: ended.body });
      const current = (await send(t, owner.token, 'GET', '/api/journeys/current')).json().journey;
      expect(current).toMatchObject({ status: 'arrived', stage: 'ended', arrival: null, trackingUrl: null });
      t.clock.advance(10_000);
      const later = await send(t, owner.token, 'POST', `/api/journeys/${id}/positions`, { points: [point(t.clock.now(), owner.place)] });
      expect(later.json()).toEqual({ arrival: null });
      const again = await send(t, owner.token, 'POST', `/api/journeys/${id}/arrive`, { pin });
      expect(again.json().error.code).toBe('journey_ended');
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual({ status: 200, body: JSON.stringify({ status: 'arrived' }) });
    // Kept: the point before the end for both, and after the duress ending the next one too.
    expect(await keptPoints(ids[0]!)).toHaveLength(1);
    expect(await keptPoints(ids[1]!)).toHaveLength(2);
    // The data export reads the same for both: the track up to the end.
    const exported = await Promise.all([safe, duress].map(async (owner) => (await send(t, owner.token, 'GET', '/api/users/me/export')).json().journeys));
    for (const journeys of exported) {
      expect(journeys).toEqual([expect.objectContaining({ destinationName: 'Home', mode: 'walk', track: [expect.objectContaining({ accuracyM: 10 })] })]);
    }
  });

  it('an extension moves the expected arrival and the alarm together; a stranger cannot end or extend it', async () => {
    const owner = await timerOwner(t);
    const id = (await startWalk(owner)).res.json<{ id: number }>().id;
    const before = (await send(t, owner.token, 'GET', '/api/journeys/current')).json().journey;
    const extended = await send(t, owner.token, 'POST', `/api/journeys/${id}/extend`, { minutes: 15 });
    expect(extended.statusCode).toBe(200);
    const after = extended.json();
    expect(new Date(after.expectedArrivalAt).getTime() - new Date(before.expectedArrivalAt).getTime()).toBe(15 * MINUTE);
    expect(new Date(after.alertAt).getTime() - new Date(before.alertAt).getTime()).toBe(15 * MINUTE);
    expect(after).toMatchObject({ extendedMinutes: 15, extendableMinutes: 45 });
    // The timer screen extends the same timer: the journey's expected arrival moves with it.
    const fromTimer = await send(t, owner.token, 'POST', `/api/safety-timers/${id}/extend`, { minutes: 5 });
    expect(fromTimer.statusCode).toBe(200);
    const viaTimer = (await send(t, owner.token, 'GET', '/api/journeys/current')).json().journey;
    expect(new Date(viaTimer.expectedArrivalAt).getTime() - new Date(after.expectedArrivalAt).getTime()).toBe(5 * MINUTE);
    expect(viaTimer).toMatchObject({ extendedMinutes: 20, extendableMinutes: 40, alertAt: fromTimer.json().dueAt });

    const stranger = await timerOwner(t);
    for (const [path, body] of [
      ['arrive', { pin: SAFETY_PIN }],
      ['extend', { minutes: 5 }],
    ] as const) {
      const res = await send(t, stranger.token, 'POST', `/api/journeys/${id}/${path}`, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('journey_not_found');
    }
    expect((await send(t, owner.token, 'GET', '/api/journeys/current')).json().journey.status).toBe('active');
  });
});

describe('a journey that goes late', () => {
  it('runs the safety timer stages from its alarm (the expected arrival plus the grace): "Are you OK?", then the contacts with the live link', async () => {
    const owner = await timerOwner(t);
    const start = t.clock.now().getTime();
    const id = (await startWalk(owner)).res.json<{ id: number }>().id;
    const alertAt = new Date((await send(t, owner.token, 'GET', '/api/journeys/current')).json().journey.alertAt).getTime();
    expect(alertAt - start).toBe(45 * MINUTE);

    t.clock.set(new Date(alertAt - MINUTE));
    await t.app.outbox.drain();
    expect((await send(t, owner.token, 'GET', '/api/journeys/current')).json().journey.stage).not.toBe('overdue');
    t.clock.set(new Date(alertAt));
    await t.app.outbox.drain();
    expect((await send(t, owner.token, 'GET', '/api/journeys/current')).json().journey).toMatchObject({ id, status: 'active', stage: 'overdue' });
    t.clock.set(new Date(alertAt + 2 * MINUTE));
    await t.app.outbox.drain();
    expect((await send(t, owner.token, 'GET', '/api/journeys/current')).json().journey.stage).toBe('contacts_alerted');
    const link = linkTokenSentTo(t, owner.contactPhone);
    expect(link).toBeDefined();
    expect((await t.app.inject({ method: 'GET', url: `/api/track/${link}` })).statusCode).toBe(200);
  });
});
