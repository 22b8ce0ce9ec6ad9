import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { build } from '../../../test/build';
import { freshPlace, offset } from '../../../test/sos-fixtures';
import { snapToCell } from '../../domain/volunteer-grid';
import { ALERT_KEYS, NOON_IST, adult, moderator, report, reported, responder, send } from './alerts.fixtures';

const t = build();

beforeEach(() => {
  t.clock.set(NOON_IST);
});

const countAlerts = async () => Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM local_alerts`.execute(t.db)).rows[0]?.n);
const countReports = async () => Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM local_alert_reports`.execute(t.db)).rows[0]?.n);

/** The audit rows about one alert, oldest first. */
async function auditOf(alertId: number) {
  return t.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'before', 'after'])
    .where('target_type', '=', 'local_alert')
    .where('target_id', '=', String(alertId))
    .orderBy('id')
    .execute();
}

describe('reporting an alert', () => {
  it('answers 201 {id, status: unverified}; everyone sees the cell centre and never the reporter', async () => {
    const place = freshPlace();
    const exact = offset(place, 37, 81);
    const reporter = await adult(t, { name: 'Anita Desai' });
    const res = await report(t, reporter, exact, 'flooding', 'Water knee deep under the railway bridge');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), status: 'unverified' });
    const id = res.json<{ id: number }>().id;

    const cell = snapToCell(exact);
    const stranger = await adult(t);
    const seenByStranger = (await send(t, stranger.token, 'GET', `/api/alerts/${id}`)).json();
    expect(Object.keys(seenByStranger).sort()).toEqual(ALERT_KEYS);
    expect(seenByStranger).toMatchObject({
      id,
      category: 'flooding',
      status: 'unverified',
      text: 'Water knee deep under the railway bridge',
      reports: 1,
      verifierRole: null,
      reportedByMe: false,
      canVerify: false,
      canResolve: false,
      pushRadiusM: 3000,
      ageMinutes: 0,
    });
    expect(seenByStranger.latitude).toBeCloseTo(cell.latitude, 9);
    expect(seenByStranger.longitude).toBeCloseTo(cell.longitude, 9);
    expect(seenByStranger.latitude).not.toBeCloseTo(exact.latitude, 6);

    const list = (await send(t, stranger.token, 'GET', `/api/alerts/nearby?latitude=${place.latitude}&longitude=${place.longitude}&radius=1000`)).json();
    expect(list.items).toHaveLength(1);
    expect(Object.keys(list.items[0]).sort()).toEqual([...ALERT_KEYS, 'distanceM'].sort());
    expect(list.items[0]).toMatchObject({ id, latitude: seenByStranger.latitude, longitude: seenByStranger.longitude, reportedByMe: false });

    // The reporter learns only that they reported it; the answer names nobody.
    const seenByReporter = (await send(t, reporter.token, 'GET', `/api/alerts/${id}`)).json();
    expect(seenByReporter).toMatchObject({ reportedByMe: true, canResolve: true, canVerify: false });
    for (const body of [seenByStranger, list, seenByReporter]) expect(JSON.stringify(body)).not.toMatch(/Anita|reporter|userId|reelId/);
  });

  it('lets only signed-in adults report (403 alert_adults_only under 18 or without a birth date, 401 without a token)', async () => {
    const place = freshPlace();
    const before = await countAlerts();
    for (const dob of ['2010-01-01', null]) {
      const young = await adult(t, { dob });
      const res = await report(t, young, place);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'alert_adults_only', params: { age: 18 } });
    }
    const anonymous = await send(t, null, 'POST', '/api/alerts', { category: 'fire', ...place, text: 'Smoke from a shop' });
    expect(anonymous.statusCode).toBe(401);
    expect(await countAlerts()).toBe(before);
  });

  it("refuses texts about a person's looks, religion, caste or community, in English, Hindi and Gujarati", async () => {
    const reporter = await adult(t);
    const place = freshPlace();
    const before = await countReports();
    for (const text of [
      'Suspicious bearded man near the ATM',
      'Muslims gathering near the market',
      'Lower caste people fighting on the road',
      'Bangladeshi migrants near the station',
      'दाढ़ी वाला आदमी घूम रहा है',
      'दलितों का झगड़ा',
      'પરપ્રાંતીય લોકો ભેગા થયા છે',
      'હિંદુઓ રસ્તા પર',
    ]) {
      const res = await report(t, reporter, place, 'crowd_risk', text);
      expect(res.statusCode, text).toBe(400);
      expect(res.json().error, text).toMatchObject({ code: 'alert_text_refused', field: 'text' });
    }
    expect(await countReports()).toBe(before);
  });

  it('refuses bad input of every kind with 400 naming the field, and writes nothing', async () => {
    const reporter = await adult(t);
    const other = await adult(t);
    const reel = await t.db
      .insertInto('incidents')
      .values({ uploader_id: other.id, title: 'Rain', video_url: 'https://example.com/v.webm' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const place = freshPlace();
    const good = { category: 'flooding', ...place, text: 'Water on the road' };
    const before = await countReports();
    for (const [body, field, code] of [
      [{ ...good, category: 'suspicious_person' }, 'category', 'validation_error'],
      [{ ...good, category: undefined }, 'category', 'validation_error'],
      [{ ...good, latitude: 91 }, 'latitude', 'validation_error'],
      [{ ...good, longitude: -181 }, 'longitude', 'validation_error'],
      [{ ...good, latitude: '23.0' }, 'latitude', 'validation_error'],
      [{ ...good, text: '   ' }, 'text', 'validation_error'],
      [{ ...good, text: 'x'.repeat(281) }, 'text', 'validation_error'],
      [{ ...good, reelId: 'abc' }, 'reelId', 'validation_error'],
      [{ ...good, reelId: -1 }, 'reelId', 'validation_error'],
      [{ ...good, reelId: reel.id }, 'reelId', 'alert_reel_not_yours'],
      [{ ...good, reelId: 2_000_000_000 }, 'reelId', 'alert_reel_not_yours'],
      [{ ...good, userId: other.id }, 'userId', 'validation_error'],
    ] as const) {
      const res = await send(t, reporter.token, 'POST', '/api/alerts', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error, JSON.stringify(body)).toMatchObject({ code, field });
    }
    expect(await countReports()).toBe(before);

    const own = await t.db
      .insertInto('incidents')
      .values({ uploader_id: reporter.id, title: 'Flood', video_url: 'https://example.com/f.webm' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await send(t, reporter.token, 'POST', '/api/alerts', { ...good, reelId: own.id })).statusCode).toBe(201);
  });

  it('allows 5 reports per person per India calendar day (429 alert_report_limit until midnight IST)', async () => {
    const reporter = await adult(t);
    for (let i = 0; i < 5; i++) await reported(t, reporter, freshPlace(), 'outage', 'Power cut in the whole sector');
    const sixth = await report(t, reporter, freshPlace(), 'outage', 'Power cut in the whole sector');
    expect(sixth.statusCode).toBe(429);
    // 12:00 IST: twelve hours to midnight in India.
    expect(sixth.json().error).toMatchObject({ code: 'alert_report_limit', params: { limit: 5 }, retryAfterSeconds: 12 * 3600 });
    // 23:59 IST is the same day; 00:00 IST the next.
    t.clock.set(new Date('2026-11-25T18:29:00.000Z'));
    expect((await report(t, reporter, freshPlace(), 'outage', 'Power cut')).statusCode).toBe(429);
    t.clock.set(new Date('2026-11-25T18:30:00.000Z'));
    expect((await report(t, reporter, freshPlace(), 'outage', 'Power cut')).statusCode).toBe(201);
  });
});

describe('the nearby list', () => {
  it('lists active alerts nearest first by their cells, labelled by status; 400 naming the field for bad queries', async () => {
    const place = freshPlace();
    const a = await adult(t);
    const b = await adult(t);
    const far = await reported(t, a, offset(place, 2000), 'road_blocked', 'Tree fallen across the road');
    const near = await reported(t, b, offset(place, 300), 'fire', 'Smoke from a shop roof');
    const list = (await send(t, a.token, 'GET', `/api/alerts/nearby?latitude=${place.latitude}&longitude=${place.longitude}&radius=5000`)).json();
    expect(list.items.map((i: { id: number }) => i.id)).toEqual([near, far]);
    expect(list.items.map((i: { status: string }) => i.status)).toEqual(['unverified', 'unverified']);
    expect(list.items[0].distanceM).toBeLessThan(list.items[1].distanceM);
    const small = (await send(t, a.token, 'GET', `/api/alerts/nearby?latitude=${place.latitude}&longitude=${place.longitude}&radius=1000`)).json();
    expect(small.items.map((i: { id: number }) => i.id)).toEqual([near]);

    for (const [query, field] of [
      [`latitude=${place.latitude}&longitude=${place.longitude}&radius=5001`, 'radius'],
      [`latitude=${place.latitude}&longitude=${place.longitude}&radius=50`, 'radius'],
      [`latitude=${place.latitude}&longitude=${place.longitude}&radius=abc`, 'radius'],
      [`latitude=95&longitude=${place.longitude}`, 'latitude'],
      [`longitude=${place.longitude}`, 'latitude'],
      [`latitude=${place.latitude}&longitude=east`, 'longitude'],
    ] as const) {
      const res = await send(t, a.token, 'GET', `/api/alerts/nearby?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toMatchObject({ code: 'validation_error', field });
    }
    expect((await send(t, null, 'GET', `/api/alerts/nearby?latitude=${place.latitude}&longitude=${place.longitude}`)).statusCode).toBe(401);
  });

  it('drops an alert 6 hours after its first report (expired, even before the expiry job runs), and the job marks it', async () => {
    const place = freshPlace();
    const reporter = await adult(t);
    const mod = await moderator(t);
    const id = await reported(t, reporter, place, 'road_blocked', 'Road dug up, one lane closed');
    const url = `/api/alerts/nearby?latitude=${place.latitude}&longitude=${place.longitude}&radius=500`;
    t.clock.advance(6 * 3600_000 - 1000);
    expect((await send(t, reporter.token, 'GET', url)).json().items.map((i: { id: number }) => i.id)).toEqual([id]);
    t.clock.advance(1000);
    expect((await send(t, reporter.token, 'GET', url)).json().items).toEqual([]);
    expect((await send(t, reporter.token, 'GET', `/api/alerts/${id}`)).json()).toMatchObject({ status: 'expired', canResolve: false });
    const verify = await send(t, mod.token, 'POST', `/api/alerts/${id}/verify`);
    expect(verify.statusCode).toBe(409);
    expect(verify.json().error.code).toBe('alert_closed');
    await t.app.outbox.drain();
    expect((await t.db.selectFrom('local_alerts').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('expired');
  });
});

describe('verifying an alert', () => {
  it('takes a moderator or a verified responder (plain user 403, no token 401, own report 409, unknown 404)', async () => {
    const place = freshPlace();
    const reporter = await adult(t);
    const plain = await adult(t);
    const mod = await moderator(t);
    const firefighter = await responder(t, 'firefighter');
    const id = await reported(t, reporter, place, 'fire', 'Smoke from the roof of a shop');

    expect((await send(t, null, 'POST', `/api/alerts/${id}/verify`)).statusCode).toBe(401);
    const refused = await send(t, plain.token, 'POST', `/api/alerts/${id}/verify`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('alert_verifier_only');
    // An expired badge is a plain user's.
    await t.db
      .updateTable('users')
      .set({ verified_until: new Date(NOON_IST.getTime() - 1000) })
      .where('id', '=', plain.id)
      .execute();
    await t.db.updateTable('users').set({ verified_profession: 'police' }).where('id', '=', plain.id).execute();
    expect((await send(t, plain.token, 'POST', `/api/alerts/${id}/verify`)).statusCode).toBe(403);
    const missing = await send(t, mod.token, 'POST', '/api/alerts/999999/verify');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('alert_not_found');
    expect((await send(t, mod.token, 'POST', '/api/alerts/abc/verify')).statusCode).toBe(400);
    expect((await send(t, plain.token, 'GET', `/api/alerts/${id}`)).json()).toMatchObject({ status: 'unverified', canVerify: false });
    expect((await send(t, firefighter.token, 'GET', `/api/alerts/${id}`)).json()).toMatchObject({ canVerify: true, canResolve: true });

    const res = await send(t, firefighter.token, 'POST', `/api/alerts/${id}/verify`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(ALERT_KEYS);
    expect(res.json()).toMatchObject({
      id,
      status: 'verified',
      verifierRole: 'responder',
      verifierProfession: 'firefighter',
      verifiedAt: NOON_IST.toISOString(),
      canVerify: false,
    });
    expect(JSON.stringify(res.json())).not.toMatch(/Fire Fighter/);
    // Again: the same answer, nothing new.
    expect((await send(t, mod.token, 'POST', `/api/alerts/${id}/verify`)).json()).toMatchObject({ verifierRole: 'responder' });
    // One audit row, the firefighter's; the refused and repeated calls wrote none.
    expect(await auditOf(id)).toEqual([
      { action: 'local_alert_verify', actor_id: firefighter.id, before: { status: 'unverified' }, after: { status: 'verified', as: 'responder' } },
    ]);

    const own = await reported(t, mod, freshPlace(), 'outage', 'No water supply since morning');
    const ownVerify = await send(t, mod.token, 'POST', `/api/alerts/${own}/verify`);
    expect(ownVerify.statusCode).toBe(409);
    expect(ownVerify.json().error.code).toBe('alert_own_report');
    const byMod = await send(t, (await moderator(t)).token, 'POST', `/api/alerts/${own}/verify`);
    expect(byMod.json()).toMatchObject({ status: 'verified', verifierRole: 'moderator', verifierProfession: null });
  });
});

describe('resolving an alert', () => {
  it('takes its reporter, a moderator or a verified responder; a stranger gets 403 and changes nothing; once over, 409', async () => {
    const reporter = await adult(t);
    const stranger = await adult(t);
    const id = await reported(t, reporter, freshPlace(), 'road_accident', 'Two cars collided at the junction');
    const refused = await send(t, stranger.token, 'POST', `/api/alerts/${id}/resolve`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('alert_not_yours');
    expect((await send(t, null, 'POST', `/api/alerts/${id}/resolve`)).statusCode).toBe(401);
    expect((await send(t, stranger.token, 'GET', `/api/alerts/${id}`)).json()).toMatchObject({ status: 'unverified', resolvedAt: null });

    t.clock.advance(20 * 60_000);
    const res = await send(t, reporter.token, 'POST', `/api/alerts/${id}/resolve`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'resolved', resolvedAt: t.clock.now().toISOString(), ageMinutes: 20, canResolve: false });
    const again = await send(t, reporter.token, 'POST', `/api/alerts/${id}/resolve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('alert_closed');
    expect((await send(t, stranger.token, 'POST', '/api/alerts/999999/resolve')).json().error.code).toBe('alert_not_found');

    const other = await reported(t, stranger, freshPlace(), 'road_blocked', 'Road closed for repairs');
    expect((await send(t, (await moderator(t)).token, 'POST', `/api/alerts/${other}/resolve`)).json()).toMatchObject({ status: 'resolved' });
    const third = await reported(t, stranger, freshPlace(), 'road_blocked', 'Road closed for repairs');
    expect((await send(t, (await responder(t, 'police')).token, 'POST', `/api/alerts/${third}/resolve`)).json()).toMatchObject({ status: 'resolved' });
    // A moderator's or responder's resolve is audited; the reporter closing their own is not.
    expect(await auditOf(id)).toEqual([]);
    expect(await auditOf(other)).toEqual([expect.objectContaining({ action: 'local_alert_resolve', after: { status: 'resolved', as: 'moderator' } })]);
    expect(await auditOf(third)).toEqual([expect.objectContaining({ action: 'local_alert_resolve', after: { status: 'resolved', as: 'responder' } })]);
  });
});

describe('alert settings', () => {
  it('are off by default; PUT chooses categories and keeps only the cell of a position, for matching', async () => {
    const person = await adult(t);
    const initial = (await send(t, person.token, 'GET', '/api/users/me/alert-settings')).json();
    expect(initial).toMatchObject({ categories: [], locationUpdatedAt: null });
    expect(initial.radiiM).toEqual({
      road_accident: 1000,
      fire: 2000,
      flooding: 3000,
      building_collapse: 2000,
      crowd_risk: 1000,
      outage: 3000,
      road_blocked: 1000,
      other_hazard: 1500,
    });
    const at = offset(freshPlace(), 41, 77);
    const saved = await send(t, person.token, 'PUT', '/api/users/me/alert-settings', { categories: ['fire', 'flooding'], location: at });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ categories: ['fire', 'flooding'], locationUpdatedAt: NOON_IST.toISOString() });
    const row = await sql<{ lat: number; lon: number }>`
      SELECT ST_Y(location_cell::geometry) AS lat, ST_X(location_cell::geometry) AS lon FROM alert_settings WHERE user_id = ${person.id}`.execute(t.db);
    const cell = snapToCell(at);
    expect(row.rows[0]?.lat).toBeCloseTo(cell.latitude, 9);
    expect(row.rows[0]?.lon).toBeCloseTo(cell.longitude, 9);

    // Leaving location out keeps it; null forgets it.
    expect((await send(t, person.token, 'PUT', '/api/users/me/alert-settings', { categories: ['outage'] })).json()).toMatchObject({
      categories: ['outage'],
      locationUpdatedAt: NOON_IST.toISOString(),
    });
    expect((await send(t, person.token, 'PUT', '/api/users/me/alert-settings', { categories: [], location: null })).json()).toMatchObject({
      categories: [],
      locationUpdatedAt: null,
    });

    for (const [body, field] of [
      [{ categories: ['suspicious_person'] }, 'categories.0'],
      [{ categories: ['fire', 'fire'] }, 'categories'],
      [{ categories: 'fire' }, 'categories'],
      [{}, 'categories'],
      [{ categories: ['fire'], location: { latitude: 91, longitude: 72 } }, 'location.latitude'],
      [{ categories: ['fire'], userId: 1 }, 'userId'],
    ] as const) {
      const res = await send(t, person.token, 'PUT', '/api/users/me/alert-settings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error, JSON.stringify(body)).toMatchObject({ code: 'validation_error', field });
    }
    expect((await send(t, person.token, 'GET', '/api/users/me/alert-settings')).json()).toMatchObject({ categories: [], locationUpdatedAt: null });
    expect((await send(t, null, 'GET', '/api/users/me/alert-settings')).statusCode).toBe(401);
  });
});
