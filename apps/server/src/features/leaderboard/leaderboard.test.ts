import { sql } from 'kysely';
import type { LeaderboardResponse } from '@saathi/shared';
import { describe, expect, it } from 'vitest';
import { bearer, build } from '../../../test/build';

const t = build();

/** A signed-in adult with a name; the PATCH (their first request) makes today an active day. */
async function member(
  profile: { name?: string; dob?: string; city?: string; state?: string; referredBy?: number; locations?: object[]; showOnLeaderboard?: boolean } = {},
) {
  const { referredBy, ...fields } = profile;
  const user = await t.factory.user({
    name: fields.name ?? 'Asha Mehta',
    dob: fields.dob ?? '1995-06-01',
    referredBy: referredBy ?? null,
    profileCompleted: true,
  });
  const token = await t.loginAs(user);
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/users/me',
    headers: bearer(token),
    payload: { city: 'Ahmedabad', state: 'Gujarat', ...fields },
  });
  expect(res.statusCode, res.body).toBe(200);
  // Opening the leaderboard records the day before answering (the PATCH's own record runs after its answer).
  await leaderboard(token, { scope: 'administrative', region: 'country' });
  return { id: user.id, token };
}

async function leaderboard(token: string, query: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
  return t.app.inject({ method: 'GET', url: `/api/leaderboard?${search.toString()}`, headers: bearer(token) });
}

async function board(token: string, query: Record<string, string | number>) {
  const res = await leaderboard(token, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LeaderboardResponse>();
}

const place = (name: string, longitude: number, latitude: number, extra: object = {}) => ({
  name,
  location: { type: 'Point', coordinates: [longitude, latitude] },
  ...extra,
});

/** The next India day (the test clock moves; the India date is what counts). */
function nextDay() {
  t.clock.advance(24 * 3600_000);
}

describe('GET /api/leaderboard', () => {
  it('ranks equal scores together, 1, 1, 1, and after one earns more 1, 2, 2', async () => {
    const city = { city: 'Tiecity', state: 'Tiestate' };
    const people = [await member({ ...city, name: 'Ravi Kumar' }), await member({ ...city, name: 'Sita Rao' }), await member({ ...city, name: 'Gopal Das' })];
    const first = await board(people[0]!.token, { scope: 'administrative', region: 'city' });
    expect(first.items.map((item) => [item.score, item.rank])).toEqual([
      [1, 1],
      [1, 1],
      [1, 1],
    ]);
    // Who reached the score first leads the tie.
    expect(first.items.map((item) => item.id)).toEqual(people.map((person) => person.id));

    // Gopal saves a place where he volunteers: 5 points.
    await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: bearer(people[2]!.token),
      payload: { locations: [place('Ward office', 72.58, 23.03, { isVolunteerLocation: true })] },
    });
    const after = await board(people[0]!.token, { scope: 'administrative', region: 'city' });
    expect(after.items.map((item) => [item.id, item.score, item.rank])).toEqual([
      [people[2]!.id, 6, 1],
      [people[0]!.id, 1, 2],
      [people[1]!.id, 1, 2],
    ]);
    expect(after.me).toMatchObject({ id: people[0]!.id, rank: 2, score: 1, listed: true });
  });

  it('shows others by first name and initial, and the caller in full', async () => {
    const city = { city: 'Namecity', state: 'Gujarat' };
    const me = await member({ ...city, name: 'Kavya Iyer' });
    await member({ ...city, name: 'Rohan Ashok Kulkarni' });
    await member({ ...city, name: 'अंकित क्षत्रिय' });
    const { items } = await board(me.token, { scope: 'administrative', region: 'city' });
    expect(items.map((item) => item.name).sort()).toEqual(['Kavya Iyer', 'Rohan K.', 'अंकित क्ष.'].sort());
    expect(items.filter((item) => item.isCurrentUser).map((item) => item.id)).toEqual([me.id]);
  });

  it('ranks a city, a state, the country and a circle around a point', async () => {
    const surat = await member({ name: 'Nisha Shah', city: 'Surat', state: 'Gujarat', locations: [place('Home', 72.83, 21.17)] });
    const pune = await member({ name: 'Omkar Joshi', city: 'Pune', state: 'Maharashtra', locations: [place('Home', 73.85, 18.52)] });
    const ids = async (query: Record<string, string | number>) => (await board(surat.token, { ...query, limit: 50 })).items.map((item) => item.id);

    expect(await ids({ scope: 'administrative', region: 'city' })).toContain(surat.id);
    expect(await ids({ scope: 'administrative', region: 'city' })).not.toContain(pune.id);
    expect(await ids({ scope: 'administrative', region: 'city', city: ' pune ' })).toEqual([pune.id]);
    expect(await ids({ scope: 'administrative', region: 'state' })).not.toContain(pune.id);
    expect(await ids({ scope: 'administrative', region: 'state', state: 'MAHARASHTRA' })).toEqual([pune.id]);
    const country = await board(surat.token, { scope: 'administrative', region: 'country', limit: 50 });
    expect(country.items.map((item) => item.id)).toEqual(expect.arrayContaining([surat.id, pune.id]));

    expect(await ids({ scope: 'location', latitude: 18.53, longitude: 73.85, radius: 5000 })).toEqual([pune.id]);
    expect(await ids({ scope: 'location', latitude: 18.6, longitude: 73.85, radius: 5000 })).toEqual([]);
    // The caller's own rank is there even where they are not listed.
    expect((await board(surat.token, { scope: 'location', latitude: 18.53, longitude: 73.85 })).me.rank).toBe(1);
  });

  it('ranks a circle by its edge: a place 4.95 km away is in, one 5.05 km away is out, a business place never', async () => {
    // 0.01° of latitude is 1,106 m here (WGS 84 at 21.5°N): the places sit north of the centre.
    const centre = { latitude: 21.5, longitude: 70.5 };
    const north = (metres: number) => centre.latitude + metres / 110_700;
    const near = await member({ name: 'Edge Near', city: 'Edgecity', state: 'Gujarat', locations: [place('Home', 70.5, north(4950))] });
    const far = await member({ name: 'Edge Far', city: 'Edgecity', state: 'Gujarat', locations: [place('Home', 70.5, north(5050))] });
    const shop = await member({
      name: 'Edge Shop',
      city: 'Edgecity',
      state: 'Gujarat',
      locations: [place('Shop', 70.5, north(100), { isBusinessLocation: true })],
    });
    const inCircle = async () => (await board(near.token, { scope: 'location', ...centre, radius: 5000, limit: 50 })).items.map((item) => item.id);
    expect(await inCircle()).toEqual([near.id]);

    // Moving a place moves its owner in and out; a second place inside counts the owner once.
    const save = (token: string, locations: object[]) =>
      t.app.inject({ method: 'PATCH', url: '/api/users/me', headers: bearer(token), payload: { locations } });
    expect((await save(far.token, [place('Home', 70.5, north(2000)), place('Office', 70.5, north(3000))])).statusCode).toBe(200);
    expect((await save(near.token, [place('Home', 70.5, north(9000))])).statusCode).toBe(200);
    expect(await inCircle()).toEqual([far.id]);
    expect((await board(far.token, { scope: 'location', ...centre, radius: 5000 })).me.rank).toBe(1);
    expect(shop.id).not.toBe(far.id);
  });

  it('leaves out people under 18 from the lists of others, and shows them their own rank', async () => {
    const city = { city: 'Teencity', state: 'Gujarat' };
    const adult = await member({ ...city, name: 'Meena Pillai' });
    const teen = await member({ ...city, name: 'Aarav Pillai', dob: '2012-03-04' });
    expect((await board(adult.token, { scope: 'administrative', region: 'city' })).items.map((item) => item.id)).toEqual([adult.id]);
    const own = await board(teen.token, { scope: 'administrative', region: 'city' });
    expect(own.items.map((item) => item.id)).toEqual([adult.id]);
    expect(own.me).toMatchObject({ id: teen.id, rank: 1, score: 1, listed: false });
  });

  it('leaves out whoever switched "Show me on leaderboards" off, until they switch it on again', async () => {
    const city = { city: 'Quietcity', state: 'Gujarat' };
    const viewer = await member({ ...city, name: 'Rekha Menon' });
    const quiet = await member({ ...city, name: 'Vikram Sethi', showOnLeaderboard: false });
    const listed = async () => (await board(viewer.token, { scope: 'administrative', region: 'city' })).items.map((item) => item.id);
    expect(await listed()).toEqual([viewer.id]);
    expect((await board(quiet.token, { scope: 'administrative', region: 'city' })).me).toMatchObject({ listed: false, rank: 1 });

    await t.app.inject({ method: 'PATCH', url: '/api/users/me', headers: bearer(quiet.token), payload: { showOnLeaderboard: true } });
    expect(await listed()).toEqual([viewer.id, quiet.id]);
  });

  it('pages with a cursor, carrying the ranks of a tie across the page break', async () => {
    const city = { city: 'Pagecity', state: 'Gujarat' };
    const people = [];
    for (let i = 0; i < 5; i++) people.push(await member({ ...city, name: `Person ${'ABCDE'[i]}` }));
    // The first two earn 5 more: scores 6, 6, 1, 1, 1.
    for (const person of people.slice(0, 2)) {
      await t.app.inject({
        method: 'PATCH',
        url: '/api/users/me',
        headers: bearer(person.token),
        payload: { locations: [place('Clinic', 72.6, 23.0, { isVolunteerLocation: true })] },
      });
    }
    const seen: [number, number][] = [];
    let cursor: string | null = null;
    do {
      const page = await board(people[0]!.token, { scope: 'administrative', region: 'city', limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((item): [number, number] => [item.score, item.rank]));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([
      [6, 1],
      [6, 1],
      [1, 3],
      [1, 3],
      [1, 3],
    ]);
  });

  it.each([
    ['an unknown scope', { scope: 'planet', region: 'city' }, 'scope'],
    ['an unknown region', { scope: 'administrative', region: 'district' }, 'region'],
    ['no region', { scope: 'administrative' }, 'region'],
    ['a radius over 5000 m', { scope: 'location', latitude: 23, longitude: 72, radius: 5001 }, 'radius'],
    ['a latitude out of range', { scope: 'location', latitude: 91, longitude: 72 }, 'latitude'],
    ['a location scope without coordinates', { scope: 'location', radius: 1000 }, 'latitude'],
    ['a location scope without longitude', { scope: 'location', latitude: 23 }, 'longitude'],
    ['a cursor this server never gave', { scope: 'administrative', region: 'country', cursor: 'bm90LWEtY3Vyc29y' }, 'cursor'],
  ])('answers %s with a 400 naming the field', async (_, query, field) => {
    const someone = await member({ name: 'Query Tester' });
    const res = await leaderboard(someone.token, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', field });
  });

  it('asks for a city when the caller has none and names none', async () => {
    const user = await t.factory.user({ name: 'No City', dob: '1990-01-01' });
    const res = await leaderboard(await t.loginAs(user), { scope: 'administrative', region: 'city' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', field: 'city' });
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/leaderboard?scope=administrative&region=country' });
    expect(res.statusCode).toBe(401);
  });
});

describe('points', () => {
  const breakdownOf = async (token: string) => (await board(token, { scope: 'administrative', region: 'country' })).me.scoreBreakdown;

  it('counts a referral once the person completed the profile and came back on a second day', async () => {
    const referrer = await member({ name: 'Devika Nair' });
    const referral = await member({
      name: 'Farhan Ali',
      referredBy: referrer.id,
      locations: [place('Home', 72.5, 23.0), place('Shop', 72.51, 23.0, { isBusinessLocation: true })],
    });
    expect(await breakdownOf(referrer.token)).toMatchObject({ totalScore: 1, referrals: { count: 0, score: 0 } });

    nextDay();
    await board(referral.token, { scope: 'administrative', region: 'country' });
    expect(await breakdownOf(referrer.token)).toEqual({
      // Own days: today and the day before; the referral (10), their one personal place (3) and their two days (2).
      totalScore: 2 + 10 + 3 + 2,
      referrals: { count: 1, score: 10 },
      referralLocations: { count: 1, score: 3 },
      volunteerLocations: { count: 0, score: 0 },
      selfActivity: { daysActive: 2, score: 2 },
      referralsActivity: { totalDaysActive: 2, score: 2 },
    });
  });

  it('gives nothing for a referral whose profile is not complete', async () => {
    const referrer = await member({ name: 'Ishaan Bose' });
    const user = await t.factory.user({ name: 'Half Done', referredBy: referrer.id, profileCompleted: false });
    const token = await t.loginAs(user);
    await board(token, { scope: 'administrative', region: 'country' });
    nextDay();
    await board(token, { scope: 'administrative', region: 'country' });
    expect((await breakdownOf(referrer.token)).referrals).toEqual({ count: 0, score: 0 });
  });

  it('gives nothing for a self-referral or a referral cycle', async () => {
    const self = await member({ name: 'Self Referrer' });
    await sql`UPDATE users SET referred_by = id WHERE id = ${self.id}`.execute(t.db);
    const a = await member({ name: 'Cycle A' });
    const b = await member({ name: 'Cycle B', referredBy: a.id });
    const c = await member({ name: 'Cycle C', referredBy: b.id });
    await sql`UPDATE users SET referred_by = ${c.id} WHERE id = ${a.id}`.execute(t.db);
    nextDay();
    for (const person of [self, a, b, c]) await board(person.token, { scope: 'administrative', region: 'country' });
    for (const person of [self, a, b, c]) expect((await breakdownOf(person.token)).referrals).toEqual({ count: 0, score: 0 });
  });

  it('cannot be farmed by saving the same places again or removing and re-adding one', async () => {
    const volunteer = await member({ name: 'Farm Tester' });
    const places = [place('Clinic', 72.6, 23.0, { isVolunteerLocation: true }), place('School', 72.61, 23.0, { isVolunteerLocation: true })];
    const save = (locations: object[]) => t.app.inject({ method: 'PATCH', url: '/api/users/me', headers: bearer(volunteer.token), payload: { locations } });
    await save(places);
    const rows = async () =>
      Number((await sql<{ n: string }>`SELECT count(*) AS n FROM points_ledger WHERE user_id = ${volunteer.id}`.execute(t.db)).rows[0]!.n);
    const before = await rows();
    expect((await breakdownOf(volunteer.token)).volunteerLocations).toEqual({ count: 2, score: 10 });

    await save(places);
    expect(await rows()).toBe(before);
    await save(places.slice(0, 1));
    expect((await breakdownOf(volunteer.token)).volunteerLocations).toEqual({ count: 1, score: 5 });
    await save(places);
    expect((await breakdownOf(volunteer.token)).volunteerLocations).toEqual({ count: 2, score: 10 });
    // One ledger row took a place back and one gave it again; the total is what it was.
    expect(await rows()).toBe(before + 2);
  });

  it('keeps the ledger append-only', async () => {
    const someone = await member({ name: 'Ledger Reader' });
    const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM points_ledger WHERE user_id = ${someone.id}`.execute(t.db);
    expect(rows.rows[0]?.n).toBe(1);
    await expect(sql`UPDATE points_ledger SET points = 100 WHERE user_id = ${someone.id}`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM points_ledger WHERE user_id = ${someone.id}`.execute(t.db)).rejects.toThrow(/append-only/);
  });

  it('keeps the rank tallies equal to a recount of the scores', async () => {
    const tallies = await sql<{ scope: string; total: number; users: number }>`
      SELECT scope, total, sum(users)::int AS users FROM leaderboard_tallies GROUP BY scope, total HAVING sum(users) <> 0 ORDER BY 1, 2`.execute(t.db);
    const recount = await sql<{ scope: string; total: number; users: number }>`
      SELECT scope, total, count(*)::int AS users
      FROM user_scores s,
        unnest(ARRAY['country', 'state:' || s.state_key, 'city:' || coalesce(s.state_key, '') || '|' || s.city_key]) AS scope
      WHERE s.listed_from IS NOT NULL AND scope IS NOT NULL
      GROUP BY scope, total ORDER BY 1, 2`.execute(t.db);
    expect(recount.rows.length).toBeGreaterThan(10);
    expect(tallies.rows).toEqual(recount.rows);
  });

  it('keeps the places the circles read equal to the saved places and the scores of their owners', async () => {
    const { cellOf } = await import('./circle-cells');
    const copy = await sql<{ place_id: number; user_id: number; cell: number; total: number; listed_from: string | null; lat: number; lon: number }>`
      SELECT place_id, user_id, cell, total, listed_from, ST_Y(location::geometry) AS lat, ST_X(location::geometry) AS lon
      FROM leaderboard_places ORDER BY place_id`.execute(t.db);
    const recount = await sql<{ place_id: number; user_id: number; total: number; listed_from: string | null }>`
      SELECT sl.id AS place_id, s.user_id, s.total, s.listed_from
      FROM saved_locations sl JOIN user_scores s ON s.user_id = sl.user_id
      WHERE NOT sl.is_business_location ORDER BY sl.id`.execute(t.db);
    expect(recount.rows.length).toBeGreaterThan(5);
    expect(copy.rows.map(({ place_id, user_id, total, listed_from }) => ({ place_id, user_id, total, listed_from }))).toEqual(recount.rows);
    for (const row of copy.rows) expect(row.cell).toBe(cellOf({ latitude: row.lat, longitude: row.lon }));
  });

  it('rebuilds every total from the ledger to exactly the running totals', async () => {
    const snapshot = async () => (await sql`SELECT * FROM user_scores ORDER BY user_id`.execute(t.db)).rows;
    const running = await snapshot();
    expect(running.length).toBeGreaterThan(10);
    await sql`UPDATE user_scores SET total = 0, referrals = 0, active_days = 0, active_day_points = 0`.execute(t.db);
    const { rebuildScores } = await import('../../domain/scores');
    expect(await rebuildScores(t.db)).toBe(running.length);
    expect(await snapshot()).toEqual(running);
  });
});
