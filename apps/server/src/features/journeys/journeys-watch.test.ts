import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { build } from '../../../test/build';
import { offset, type LatLon } from '../../../test/sos-fixtures';
import {
  DURESS_PIN,
  linkTokenSentTo,
  MINUTE,
  notificationsOf,
  SAFETY_PIN,
  SAFETY_TIMER_TEST_ENV,
  send,
  smsTo,
  timerOwner,
  type TimerOwner,
} from '../../../test/safety-timer-fixtures';

/**
 * What a journey does on its own, with a test clock: the contacts' SMS at the start and at the
 * end, "Arrived?" ending it, and the watch asking "Are you OK?" when a trip stops, falls silent
 * or turns away, then alerting the contacts.
 */
const t = build(SAFETY_TIMER_TEST_ENV);

interface Trip {
  owner: TimerOwner;
  id: number;
  trackingUrl: string;
  destination: LatLon;
}

async function startTrip(mode: 'walk' | 'auto', northM: number, owner?: TimerOwner): Promise<Trip> {
  const who = owner ?? (await timerOwner(t));
  const destination = offset(who.place, northM);
  const res = await send(t, who.token, 'POST', '/api/journeys', {
    destination: { name: 'Home', ...destination },
    mode,
    origin: { ...who.place, accuracy: 10 },
  });
  expect(res.statusCode).toBe(201);
  await t.app.outbox.drain();
  const { id, trackingUrl } = res.json<{ id: number; trackingUrl: string }>();
  return { owner: who, id, trackingUrl, destination };
}

/** The phone sends where it is now, then the clock moves on by `stepMs` and the server does what fell due. */
async function sendAndWait(trip: Trip, where: LatLon, stepMs = 30_000, accuracy = 10) {
  const res = await send(t, trip.owner.token, 'POST', `/api/journeys/${trip.id}/positions`, {
    points: [{ ...where, accuracy, at: t.clock.now().toISOString() }],
  });
  expect(res.statusCode).toBe(200);
  t.clock.advance(stepMs);
  await t.app.outbox.drain();
  return res.json<{ arrival: { askedAt: string; endsAt: string } | null }>();
}

/** Steps of `stepMs` through `minutes`, from `from` moving `metresPerMinute` north (negative: south). */
async function travel(trip: Trip, from: LatLon, minutes: number, metresPerMinute: number, stepMs = 30_000): Promise<LatLon> {
  let here = from;
  for (let elapsed = 0; elapsed < minutes * MINUTE; elapsed += stepMs) {
    here = offset(here, (metresPerMinute * stepMs) / MINUTE);
    await sendAndWait(trip, here, stepMs);
  }
  return here;
}

const current = async (trip: Trip) => (await send(t, trip.owner.token, 'GET', '/api/journeys/current')).json().journey;
const tracked = (token: string) => t.app.inject({ method: 'GET', url: `/api/track/${token}` });

describe("a journey's contacts", () => {
  it('get the live link when it starts, follow the destination and the path, and hear "arrived safely" when the PIN ends it', async () => {
    const owner = await timerOwner(t);
    // The contact uses the app too: a push and an in-app notice beside the SMS, in their own language.
    const contact = await t.factory.user({ phoneNumber: owner.contactPhone, name: 'Didi' });
    await t.db.updateTable('users').set({ language: 'hi-IN' }).where('id', '=', contact.id).execute();
    const trip = await startTrip('walk', 1500, owner);
    const [started] = smsTo(t, trip.owner.contactPhone);
    expect(started).toMatch(/^Meera ने यात्रा शुरू की है। लाइव लोकेशन: saathi\.example\/t\/[A-Za-z0-9]{12} पहुँचने पर SMS आएगा।$/);
    const token = linkTokenSentTo(t, trip.owner.contactPhone) as string;
    expect(await notificationsOf(t, contact.id)).toEqual([
      expect.objectContaining({ type: 'journey.started', title: 'Meera आपके साथ यात्रा साझा कर रहे हैं', data: { url: `/track/${token}` } }),
    ]);

    const here = await travel(trip, trip.owner.place, 3, 80);
    const page = await tracked(token);
    expect(page.statusCode).toBe(200);
    const view = page.json();
    expect(view.journey).toMatchObject({ destination: { name: 'Home', latitude: trip.destination.latitude }, mode: 'walk' });
    expect(view.journey.path).toHaveLength(6);
    expect(view.journey.path.at(-1)).toMatchObject({ latitude: here.latitude, longitude: here.longitude });
    expect(view.location).toMatchObject({ latitude: here.latitude });

    const ended = await send(t, trip.owner.token, 'POST', `/api/journeys/${trip.id}/arrive`, { pin: SAFETY_PIN });
    expect(ended.json()).toEqual({ status: 'arrived' });
    await t.app.outbox.drain();
    expect(smsTo(t, trip.owner.contactPhone).at(-1)).toBe('Meera सुरक्षित पहुँच गए। यात्रा समाप्त हो गई है। -Saathi');
    expect((await notificationsOf(t, contact.id)).at(-1)).toMatchObject({ type: 'journey.arrived', title: 'Meera सुरक्षित पहुँच गए' });
    const after = await tracked(token);
    expect(after.statusCode).toBe(410);
    expect(after.json().error.code).toBe('journey_arrived');
    // The person's own link ends the same way.
    const own = await tracked(trip.trackingUrl.split('/t/')[1] as string);
    expect(own.json().error.code).toBe('journey_arrived');
  });

  it('after the duress PIN hear a silent alert, never "arrived safely", and keep following the live position', async () => {
    const trip = await startTrip('walk', 1500);
    expect(smsTo(t, trip.owner.contactPhone)).toEqual([
      expect.stringMatching(/^Meera is sharing a journey with you\. Live location: saathi\.example\/t\/[A-Za-z0-9]{12} SMS on arrival\. -Saathi$/),
    ]);
    const token = linkTokenSentTo(t, trip.owner.contactPhone) as string;
    await travel(trip, trip.owner.place, 1, 80);
    const ended = await send(t, trip.owner.token, 'POST', `/api/journeys/${trip.id}/arrive`, { pin: DURESS_PIN });
    expect(ended.json()).toEqual({ status: 'arrived' });
    await t.app.outbox.drain();
    const texts = smsTo(t, trip.owner.contactPhone);
    expect(texts.at(-1)).toMatch(/^Meera sent a silent alert\. See saathi\.example\/t\/[A-Za-z0-9]{12} /);
    expect(texts.join('\n')).not.toContain('arrived safely');
    t.clock.advance(10_000);
    const moved = offset(trip.owner.place, -400);
    await sendAndWait(trip, moved);
    const page = await tracked(token);
    expect(page.statusCode).toBe(200);
    expect(page.json().location).toMatchObject({ latitude: moved.latitude });
  });
});

describe('arriving', () => {
  it('a point near the destination (within its accuracy) asks "Arrived?"; unanswered for 2 minutes, the journey ends as arrived', async () => {
    const trip = await startTrip('walk', 1200);
    // 400 m short, but the fix is only good to 500 m: near enough to ask.
    const answer = await sendAndWait(trip, offset(trip.destination, -400), 30_000, 500);
    expect(answer.arrival).not.toBeNull();
    const asked = await notificationsOf(t, trip.owner.id);
    expect(asked.at(-1)).toMatchObject({ type: 'journey.arrival', title: 'Arrived? Enter your PIN' });
    expect((await current(trip)).status).toBe('active');

    t.clock.advance(MINUTE + 29_000);
    await t.app.outbox.drain();
    expect((await current(trip)).status).toBe('active');
    t.clock.advance(1_000);
    await t.app.outbox.drain();
    expect(await current(trip)).toMatchObject({ status: 'arrived', stage: 'ended' });
    expect(smsTo(t, trip.owner.contactPhone).at(-1)).toBe('Meera arrived safely. The journey has ended. -Saathi');
  });

  it('never ends as arrived without a point near the destination: a trip that never gets there goes late instead', async () => {
    const trip = await startTrip('walk', 1200);
    await travel(trip, trip.owner.place, 5, 60);
    const view = await current(trip);
    expect(view.arrival).toBeNull();
    t.clock.set(new Date(new Date(view.alertAt).getTime() + 2 * MINUTE));
    await t.app.outbox.drain();
    expect(await current(trip)).toMatchObject({ status: 'active', stage: 'contacts_alerted' });
    expect(smsTo(t, trip.owner.contactPhone).at(-1)).toMatch(/^Meera has not arrived and is not answering\. Location: saathi\.example\/t\//);
  });
});

describe('the watch', () => {
  it('a walk with a 12-minute stop at a tea stall by a saved place asks nothing', async () => {
    const owner = await timerOwner(t);
    const stall = offset(owner.place, 600);
    await t.db
      .insertInto('saved_locations')
      .values({
        user_id: owner.id,
        name: 'Chai stall',
        location: sql<string>`ST_SetSRID(ST_MakePoint(${stall.longitude}, ${stall.latitude}), 4326)::geography`,
      })
      .execute();
    const trip = await startTrip('walk', 2000, owner);
    const here = await travel(trip, owner.place, 8, 75);
    for (let i = 0; i < 24; i += 1) await sendAndWait(trip, offset(here, i % 2 === 0 ? 15 : -15, 10));
    await travel(trip, here, 4, 75);
    expect((await current(trip)).check).toBeNull();
    expect(smsTo(t, owner.contactPhone)).toHaveLength(1);
    expect((await notificationsOf(t, owner.id)).map((n) => n.type)).not.toContain('journey.check');
  });

  it('the same stop away from any place asks "Are you OK?" at 10 minutes and alerts the contacts 3 minutes later', async () => {
    const trip = await startTrip('walk', 2000);
    const here = await travel(trip, trip.owner.place, 8, 75);
    // The stop began within 100 m of here: up to a minute and a half before it.
    const stoppedAt = t.clock.now().getTime();
    while (t.clock.now().getTime() < stoppedAt + 8 * MINUTE) await sendAndWait(trip, offset(here, 20, -10));
    expect((await current(trip)).check).toBeNull();
    while (t.clock.now().getTime() < stoppedAt + 10.5 * MINUTE) await sendAndWait(trip, here);
    const view = await current(trip);
    expect(view.check).toMatchObject({ reason: 'stopped' });
    expect(new Date(view.check.endsAt).getTime() - new Date(view.check.askedAt).getTime()).toBe(3 * MINUTE);
    expect((await notificationsOf(t, trip.owner.id)).at(-1)).toMatchObject({ type: 'journey.check', title: 'Are you OK?' });
    expect(smsTo(t, trip.owner.contactPhone)).toHaveLength(1);

    t.clock.set(new Date(new Date(view.check.endsAt).getTime()));
    await t.app.outbox.drain();
    expect((await current(trip)).stage).toBe('contacts_alerted');
    expect(smsTo(t, trip.owner.contactPhone).at(-1)).toMatch(/^Meera has not arrived and is not answering\. Location: saathi\.example\/t\//);
  });

  it('a taxi that turns away is asked first; "I\'m OK" with the safety PIN goes on and the contacts hear nothing', async () => {
    const trip = await startTrip('auto', 8000);
    // 2 km north (6 km to go), then south: 3 km farther than that 1 km south of the start, 7.5 minutes on; asked 3 minutes later.
    const turned = await travel(trip, trip.owner.place, 5, 400);
    await travel(trip, turned, 7, -400);
    expect((await current(trip)).check).toBeNull();
    await travel(trip, offset(turned, -2800), 4, -400);
    const view = await current(trip);
    expect(view.check).toMatchObject({ reason: 'off_course' });

    const wrong = await send(t, trip.owner.token, 'POST', `/api/journeys/${trip.id}/ok`, { pin: '0000' });
    expect(wrong.json().error.code).toBe('safety_pin_wrong');
    const ok = await send(t, trip.owner.token, 'POST', `/api/journeys/${trip.id}/ok`, { pin: SAFETY_PIN });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'active' });
    expect((await current(trip)).check).toBeNull();
    t.clock.advance(4 * MINUTE);
    await t.app.outbox.drain();
    expect(smsTo(t, trip.owner.contactPhone)).toHaveLength(1);
    expect((await current(trip)).stage).toBe('running');
  });

  it('"I\'m OK" with the duress PIN answers the same, and alerts the contacts silently', async () => {
    const answers = [];
    const trips: Trip[] = [];
    for (const pin of [SAFETY_PIN, DURESS_PIN]) {
      const trip = await startTrip('walk', 2000);
      trips.push(trip);
      await travel(trip, trip.owner.place, 2, 75);
      t.clock.advance(10 * MINUTE);
      await t.app.outbox.drain();
      expect((await current(trip)).check).toMatchObject({ reason: 'silent' });
      const res = await send(t, trip.owner.token, 'POST', `/api/journeys/${trip.id}/ok`, { pin });
      const { status, stage, check, arrival, extendedMinutes } = await current(trip);
      answers.push({ status: res.statusCode, body: res.body, view: { status, stage, check, arrival, extendedMinutes } });
      await t.app.outbox.drain();
    }
    expect(answers[0]).toEqual(answers[1]);
    const [safe, duress] = trips as [Trip, Trip];
    expect(smsTo(t, safe.owner.contactPhone)).toHaveLength(1);
    expect(smsTo(t, duress.owner.contactPhone).at(-1)).toMatch(/^Meera sent a silent alert\./);
    expect((await notificationsOf(t, duress.owner.id)).map((n) => n.type)).not.toContain('safety_timer.silent');
  });

  it('refuses "I\'m OK" from a stranger and on an ended journey', async () => {
    const trip = await startTrip('walk', 2000);
    const stranger = await timerOwner(t);
    const foreign = await send(t, stranger.token, 'POST', `/api/journeys/${trip.id}/ok`, { pin: SAFETY_PIN });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('journey_not_found');
    const missing = await send(t, trip.owner.token, 'POST', `/api/journeys/${trip.id}/ok`, {});
    expect(missing.statusCode).toBe(400);
    await send(t, trip.owner.token, 'POST', `/api/journeys/${trip.id}/arrive`, { pin: SAFETY_PIN });
    const late = await send(t, trip.owner.token, 'POST', `/api/journeys/${trip.id}/ok`, { pin: SAFETY_PIN });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('journey_ended');
  });
});

describe("a journey's track", () => {
  const kept = (id: number) => t.db.selectFrom('journey_positions').select('slot').where('timer_id', '=', id).execute();

  it('is deleted a day after a safe ending, and kept after a duress one', async () => {
    const safe = await startTrip('walk', 2000);
    const duress = await startTrip('walk', 2000);
    for (const trip of [safe, duress]) await travel(trip, trip.owner.place, 2, 75);
    await send(t, safe.owner.token, 'POST', `/api/journeys/${safe.id}/arrive`, { pin: SAFETY_PIN });
    await send(t, duress.owner.token, 'POST', `/api/journeys/${duress.id}/arrive`, { pin: DURESS_PIN });
    await t.app.outbox.drain();
    const endedAt = t.clock.now().getTime();
    t.clock.set(new Date(endedAt + 24 * 60 * MINUTE - MINUTE));
    await t.app.outbox.drain();
    expect(await kept(safe.id)).toHaveLength(4);
    const exported = (await send(t, safe.owner.token, 'GET', '/api/users/me/export')).json().journeys;
    expect(exported[0].track).toHaveLength(4);

    t.clock.set(new Date(endedAt + 24 * 60 * MINUTE + MINUTE));
    await t.app.outbox.drain();
    expect(await kept(safe.id)).toHaveLength(0);
    expect(await kept(duress.id)).toHaveLength(4);
    expect((await send(t, safe.owner.token, 'GET', '/api/users/me/export')).json().journeys[0].track).toEqual([]);
  });
});
