import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildWithPushPeer, freshPlace, offset, subscribePush } from '../../../test/sos-fixtures';
import { snapToCell } from '../../domain/volunteer-grid';
import { ELEVEN_PM_IST, NOON_IST, adult, alertRowsOf, moderator, neighbour, pushesTo, report, reported, send, verified, type Person } from './alerts.fixtures';

/**
 * Who a local alert reaches, and how: only verified or corroborated alerts, only people who
 * opted in to the category within its radius, once per incident, at most 3 pushes a day and
 * none at night (except fire, flooding and building collapse), then an all-clear to exactly
 * those it was pushed to.
 */
const ctx = buildWithPushPeer();
const { t } = ctx;

beforeEach(() => {
  t.clock.set(NOON_IST);
});

const alertPushes = (sub: string) => pushesTo(ctx.peer, sub).filter((p) => p.type === 'alerts.local');
const allClears = (sub: string) => pushesTo(ctx.peer, sub).filter((p) => p.type === 'alerts.all_clear');
const deliveriesOf = (alertId: number) =>
  t.db.selectFrom('local_alert_deliveries').select(['user_id', 'pushed', 'held']).where('alert_id', '=', alertId).orderBy('user_id').execute();

describe('pushing an alert', () => {
  it('pushes nothing while unverified; once verified, each opted-in person in range gets one push, in their language', async () => {
    const place = freshPlace();
    // The reporter opted in too, and is never pushed their own report.
    const reporter = await neighbour(t, ctx.peer, place, ['flooding']);
    const mod = await moderator(t);
    const gujarati = await neighbour(t, ctx.peer, offset(place, 1200), ['flooding'], 'gu-IN');
    const hindi = await neighbour(t, ctx.peer, offset(place, -2500, 300), ['flooding', 'fire'], 'hi-IN');
    const otherCategory = await neighbour(t, ctx.peer, offset(place, 200), ['fire']);
    const tooFar = await neighbour(t, ctx.peer, offset(place, 3400), ['flooding']);
    // Two saved places in range: still one push.
    const twoPlaces = await neighbour(t, ctx.peer, offset(place, 100), ['flooding']);
    await t.db
      .insertInto('saved_locations')
      .values({
        user_id: twoPlaces.id,
        name: 'Work',
        location: sql<string>`ST_SetSRID(ST_MakePoint(${place.longitude}::float8, ${place.latitude}::float8), 4326)::geography`,
      })
      .execute();
    // Where they are now (given for alerts): only its cell is kept, and it counts like a saved place.
    const passerBy = await adult(t);
    const passerSub = await subscribePush(t, ctx.peer, passerBy.id);
    await send(t, passerBy.token, 'PUT', '/api/users/me/alert-settings', { categories: ['flooding'], location: offset(place, -700) });
    const id = await reported(t, reporter, offset(place, 20, 30), 'flooding', 'Water knee deep under the railway bridge');
    await t.app.outbox.drain();
    for (const sub of [gujarati.sub, hindi.sub, twoPlaces.sub, passerSub]) expect(alertPushes(sub)).toEqual([]);
    expect(await alertRowsOf(t, gujarati.id)).toEqual([]);

    await verified(t, mod, id);
    expect(alertPushes(gujarati.sub)).toEqual([
      expect.objectContaining({
        title: 'સ્થાનિક અલર્ટ: પાણી ભરાવું કે પૂર',
        body: 'તમારા વિસ્તારથી 1–2 કિમી દૂર. 12:00 વાગ્યે જાણ થઈ, સાથી મોડરેટરે તપાસ્યું. શક્ય હોય તો તે વિસ્તારથી દૂર રહો. જો તમે જોખમમાં હો, તો 112 પર કૉલ કરો.',
        url: `/alerts/${id}`,
      }),
    ]);
    expect(alertPushes(hindi.sub)).toEqual([expect.objectContaining({ title: 'स्थानीय अलर्ट: जलभराव या बाढ़' })]);
    expect(alertPushes(twoPlaces.sub)).toEqual([
      expect.objectContaining({
        title: 'Local alert: Flooding or waterlogging',
        body: 'Within 500 m of your area. Reported at 12:00, checked by a Saathi moderator. Please avoid the area if you can. If you are in danger, call 112.',
      }),
    ]);
    expect(alertPushes(passerSub)).toHaveLength(1);
    for (const sub of [otherCategory.sub, tooFar.sub, reporter.sub]) expect(alertPushes(sub)).toEqual([]);
    // Each push is a row in the person's notifications list too.
    expect(await alertRowsOf(t, gujarati.id)).toEqual([
      expect.objectContaining({ type: 'alerts.local', title: 'સ્થાનિક અલર્ટ: પાણી ભરાવું કે પૂર', data: expect.objectContaining({ alertId: id, pushed: true }) }),
    ]);
    // Nothing in a push names the reporter or gives the reported point.
    for (const push of ctx.peer.received) expect(JSON.stringify(push.payload)).not.toMatch(/reporter|Near Neighbour/);

    // Verified again, resolved by nobody, reported again nearby: nobody gets it a second time.
    await send(t, (await moderator(t)).token, 'POST', `/api/alerts/${id}/verify`);
    const again = await reported(t, await adult(t), offset(place, 100), 'flooding', 'Still flooded near the bridge');
    expect(again).toBe(id);
    await t.app.outbox.drain();
    for (const sub of [gujarati.sub, hindi.sub, twoPlaces.sub, passerSub]) expect(alertPushes(sub)).toHaveLength(1);
  });

  it('is corroborated by three different people within 500 m and 30 minutes, pushed once, and never again when verified after', async () => {
    const place = freshPlace();
    const near = await neighbour(t, ctx.peer, offset(place, 800), ['road_blocked']);
    const [a, b, c, d] = [await adult(t), await adult(t), await adult(t), await adult(t)] as [Person, Person, Person, Person];
    const first = await report(t, a, place, 'road_blocked', 'Tree fallen across the road');
    expect(first.json()).toMatchObject({ status: 'unverified' });
    const id = first.json<{ id: number }>().id;
    // The same person twice counts once.
    t.clock.advance(5 * 60_000);
    expect((await report(t, a, offset(place, 50), 'road_blocked', 'Tree still there')).json()).toEqual({ id, status: 'unverified' });
    t.clock.advance(5 * 60_000);
    expect((await report(t, b, offset(place, 300), 'road_blocked', 'Road blocked by a tree')).json()).toEqual({ id, status: 'unverified' });
    // Another category at the same spot is another incident.
    expect((await report(t, c, place, 'outage', 'Power lines down')).json().id).not.toBe(id);
    t.clock.advance(10 * 60_000);
    expect((await report(t, c, offset(place, -450), 'road_blocked', 'Cannot pass, tree on road')).json()).toEqual({ id, status: 'corroborated' });
    await t.app.outbox.drain();
    expect(alertPushes(near.sub)).toEqual([expect.objectContaining({ body: expect.stringContaining('reported by 3 people nearby') })]);
    expect((await send(t, near.token, 'GET', `/api/alerts/${id}`)).json()).toMatchObject({ status: 'corroborated', reports: 3, verifierRole: null });

    expect((await report(t, d, offset(place, 10), 'road_blocked', 'Tree across the road')).json()).toEqual({ id, status: 'corroborated' });
    await verified(t, await moderator(t), id);
    expect((await send(t, near.token, 'GET', `/api/alerts/${id}`)).json()).toMatchObject({ status: 'verified', reports: 4, verifierRole: 'moderator' });
    expect(alertPushes(near.sub)).toHaveLength(1);
    expect(await alertRowsOf(t, near.id)).toHaveLength(1);
  });

  it('is not corroborated by reports spread over more than 30 minutes, nor by reports more than 500 m apart', async () => {
    const place = freshPlace();
    const near = await neighbour(t, ctx.peer, place, ['crowd_risk']);
    const id = await reported(t, await adult(t), place, 'crowd_risk', 'Very large crowd at the gate');
    t.clock.advance(20 * 60_000);
    await reported(t, await adult(t), offset(place, 100), 'crowd_risk', 'Crowd pushing at the gate');
    t.clock.advance(25 * 60_000);
    expect((await report(t, await adult(t), offset(place, -100), 'crowd_risk', 'Crowd at the gate')).json()).toEqual({ id, status: 'unverified' });
    const apart = await reported(t, await adult(t), offset(place, 2000), 'crowd_risk', 'Crowd at the market');
    await reported(t, await adult(t), offset(place, 2600), 'crowd_risk', 'Crowd at the market');
    expect(await reported(t, await adult(t), offset(place, 3200), 'crowd_risk', 'Crowd at the market')).not.toBe(apart);
    await t.app.outbox.drain();
    expect(alertPushes(near.sub)).toEqual([]);
  });
});

describe('an account deleted', () => {
  it('takes its delivery rows along (they carry no foreign key, a trigger removes them)', async () => {
    const place = freshPlace();
    const person = await neighbour(t, ctx.peer, place, ['fire']);
    const id = await reported(t, await adult(t), place, 'fire', 'Smoke from a godown');
    await verified(t, await moderator(t), id);
    expect(await deliveriesOf(id)).toEqual([{ user_id: person.id, pushed: true, held: null }]);
    await t.db.deleteFrom('users').where('id', '=', person.id).execute();
    expect(await deliveriesOf(id)).toEqual([]);
  });
});

describe('caps', () => {
  it('pushes at most 3 alerts per person per India day; the 4th is in the list without a push; the next day pushes again', async () => {
    const home = freshPlace();
    const person = await neighbour(t, ctx.peer, home, ['road_blocked', 'road_accident']);
    const reporter = await adult(t);
    const mod = await moderator(t);
    const ids: number[] = [];
    for (const [north, east] of [
      [600, 0],
      [-600, 0],
      [0, 600],
      [0, -600],
    ] as const) {
      const id = await reported(t, reporter, offset(home, north, east), 'road_blocked', 'Road closed by the police');
      await verified(t, mod, id);
      ids.push(id);
    }
    expect(alertPushes(person.sub)).toHaveLength(3);
    const rows = await alertRowsOf(t, person.id);
    expect(rows.map((r) => (r.data as { pushed: boolean }).pushed)).toEqual([true, true, true, false]);
    expect(await deliveriesOf(ids[3] as number)).toEqual([{ user_id: person.id, pushed: false, held: 'daily_cap' }]);

    // 23:59 IST is the same India day (and night: held anyway); 07:00 IST the next day rings again.
    t.clock.set(new Date('2026-11-26T01:30:00.000Z'));
    const nextDay = await reported(t, await adult(t), offset(home, 300), 'road_accident', 'Bike and car collided');
    await verified(t, mod, nextDay);
    expect(alertPushes(person.sub)).toHaveLength(4);
  });

  it('holds alerts between 22:00 and 07:00 India time, except fire, flooding and building collapse', async () => {
    const home = freshPlace();
    const person = await neighbour(t, ctx.peer, home, ['road_accident', 'fire', 'flooding', 'building_collapse', 'outage']);
    const mod = await moderator(t);
    t.clock.set(ELEVEN_PM_IST);
    const accident = await reported(t, await adult(t), offset(home, 200), 'road_accident', 'Truck overturned on the highway');
    await verified(t, mod, accident);
    expect(alertPushes(person.sub)).toEqual([]);
    expect(await deliveriesOf(accident)).toEqual([{ user_id: person.id, pushed: false, held: 'quiet_hours' }]);
    expect(await alertRowsOf(t, person.id)).toEqual([expect.objectContaining({ type: 'alerts.local', data: expect.objectContaining({ pushed: false }) })]);

    for (const category of ['fire', 'flooding', 'building_collapse'] as const) {
      await verified(t, mod, await reported(t, await adult(t), offset(home, 300), category, 'Seen from the street corner'));
    }
    expect(alertPushes(person.sub).map((p) => p.title)).toEqual([
      'Local alert: Fire',
      'Local alert: Flooding or waterlogging',
      'Local alert: Building collapse',
    ]);

    // 06:59 IST is still night; 07:00 is not (and the day is a new one).
    t.clock.set(new Date('2026-11-26T01:29:00.000Z'));
    await verified(t, mod, await reported(t, await adult(t), offset(home, -300), 'outage', 'No power in the block'));
    expect(alertPushes(person.sub)).toHaveLength(3);
    t.clock.set(new Date('2026-11-26T01:30:00.000Z'));
    await verified(t, mod, await reported(t, await adult(t), offset(home, 0, 900), 'outage', 'No water supply'));
    expect(alertPushes(person.sub)).toHaveLength(4);
  });
});

describe('the all-clear', () => {
  it('goes to exactly those the alert was pushed to when its reporter resolves it', async () => {
    const place = freshPlace();
    const reporter = await adult(t);
    const mod = await moderator(t);
    const pushed = await neighbour(t, ctx.peer, offset(place, 500), ['fire'], 'hi-IN');
    const capped = await neighbour(t, ctx.peer, offset(place, -500), ['fire']);
    const notOptedIn = await neighbour(t, ctx.peer, offset(place, 100), ['outage']);
    // The capped person already had 3 alert pushes today, elsewhere.
    const elsewhere = freshPlace();
    await t.db
      .insertInto('saved_locations')
      .values({
        user_id: capped.id,
        name: 'Office',
        location: sql<string>`ST_SetSRID(ST_MakePoint(${elsewhere.longitude}::float8, ${elsewhere.latitude}::float8), 4326)::geography`,
      })
      .execute();
    for (const north of [0, 800, 1600]) await verified(t, mod, await reported(t, await adult(t), offset(elsewhere, north), 'fire', 'Smoke from a building'));
    expect(alertPushes(capped.sub)).toHaveLength(3);

    const id = await reported(t, reporter, place, 'fire', 'Fire in a shop on the main road');
    await verified(t, mod, id);
    expect(alertPushes(pushed.sub)).toHaveLength(1);
    expect(alertPushes(capped.sub)).toHaveLength(3);

    t.clock.advance(45 * 60_000);
    expect((await send(t, reporter.token, 'POST', `/api/alerts/${id}/resolve`)).json()).toMatchObject({ status: 'resolved' });
    await t.app.outbox.drain();
    expect(allClears(pushed.sub)).toEqual([
      expect.objectContaining({ title: 'सब ठीक: आग', body: 'आपके इलाके के पास 12:00 बजे का अलर्ट अब समाप्त हो गया है। ध्यान रखने के लिए धन्यवाद।', url: `/alerts/${id}` }),
    ]);
    expect(allClears(capped.sub)).toEqual([]);
    expect(pushesTo(ctx.peer, notOptedIn.sub)).toEqual([]);
    const clearRows = await t.db.selectFrom('notifications').select('user_id').where('dedupe_key', '=', `alerts:${id}:all_clear`).execute();
    expect(clearRows.map((r) => r.user_id)).toEqual([pushed.id]);
    // Resolved: it leaves the list.
    const list = (await send(t, pushed.token, 'GET', `/api/alerts/nearby?latitude=${place.latitude}&longitude=${place.longitude}&radius=1000`)).json();
    expect(list.items.map((i: { id: number }) => i.id)).not.toContain(id);
  });

  it('goes to nobody when the alert was never pushed, and an alert resolved before its push never goes out', async () => {
    const place = freshPlace();
    const person = await neighbour(t, ctx.peer, place, ['outage']);
    const reporter = await adult(t);
    const id = await reported(t, reporter, place, 'outage', 'Power cut in the colony');
    await send(t, reporter.token, 'POST', `/api/alerts/${id}/resolve`);
    await t.app.outbox.drain();
    expect(pushesTo(ctx.peer, person.sub)).toEqual([]);

    // Verified, then resolved before the outbox ran: the push is cancelled, and no all-clear follows.
    await t.app.outbox.stop();
    try {
      const second = await reported(t, reporter, offset(place, 2000), 'outage', 'No water since morning');
      await send(t, (await moderator(t)).token, 'POST', `/api/alerts/${second}/verify`);
      await send(t, reporter.token, 'POST', `/api/alerts/${second}/resolve`);
    } finally {
      t.app.outbox.start();
    }
    await t.app.outbox.drain();
    expect(pushesTo(ctx.peer, person.sub)).toEqual([]);
    expect(await alertRowsOf(t, person.id)).toEqual([]);
  });

  it('keeps the snapped location and the reporter out of every answer the people pushed can read', async () => {
    const place = freshPlace();
    const exact = offset(place, 61, -93);
    const reporter = await adult(t, { name: 'Sunita Rao' });
    const person = await neighbour(t, ctx.peer, place, ['building_collapse']);
    const id = await reported(t, reporter, exact, 'building_collapse', 'Part of an old wall fell onto the lane');
    const verifiedAnswer = (await send(t, (await moderator(t)).token, 'POST', `/api/alerts/${id}/verify`)).json();
    await t.app.outbox.drain();
    const cell = snapToCell(exact);
    const answers = [
      verifiedAnswer,
      (await send(t, person.token, 'GET', `/api/alerts/${id}`)).json(),
      (await send(t, person.token, 'GET', `/api/alerts/nearby?latitude=${place.latitude}&longitude=${place.longitude}&radius=500`)).json().items[0],
      (await send(t, person.token, 'GET', '/api/notifications')).json(),
      (await send(t, reporter.token, 'POST', `/api/alerts/${id}/resolve`)).json(),
    ];
    for (const answer of answers.slice(0, 3).concat(answers[4])) {
      expect(answer.latitude).toBeCloseTo(cell.latitude, 9);
      expect(answer.longitude).toBeCloseTo(cell.longitude, 9);
    }
    for (const answer of answers) {
      const text = JSON.stringify(answer);
      expect(text).not.toMatch(/Sunita|reporter/);
      expect(text).not.toContain(exact.latitude.toFixed(6));
      expect(text).not.toContain(`"actorId":${reporter.id}`);
    }
  });
});
