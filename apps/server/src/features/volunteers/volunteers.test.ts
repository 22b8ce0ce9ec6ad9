import { describe, expect, it } from 'vitest';
import type { NearbyVolunteer } from '@saathi/shared';
import { bearer, build } from '../../../test/build';
import { DEMO_GRIEVANCE_OFFICER } from '../../config';
import { snapToCell } from '../../domain/volunteer-grid';
import { freshPlace, makeVolunteer, nearby, pair, project } from './volunteers.fixtures';

const t = build();

const ids = (list: NearbyVolunteer[]) => list.map((v) => v.id);

describe('GET /api/community/volunteers-nearby', () => {
  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/community/volunteers-nearby?location=21,70&range=500' });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{ range: 500 }, 'location'],
    [{ location: 'near the station', range: 500 }, 'location'],
    [{ location: '91, 72.5', range: 500 }, 'location'],
    [{ location: '21.5, 181', range: 500 }, 'location'],
    [{ location: '21.5', range: 500 }, 'location'],
    [{ location: '21.5, 72.5' }, 'range'],
    [{ location: '21.5, 72.5', range: 99 }, 'range'],
    [{ location: '21.5, 72.5', range: 5001 }, 'range'],
    [{ location: '21.5, 72.5', range: 'far' }, 'range'],
    [{ location: '21.5, 72.5', range: 250.5 }, 'range'],
  ])('answers 400 naming the field for %o', async (query, field) => {
    const caller = await t.factory.user();
    const res = await nearby(t, await t.loginAs(caller), query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', field });
  });

  it('includes a volunteer up to exactly the range edge at 100 m and 5000 m', async () => {
    const caller = await t.loginAs(await t.factory.user());
    for (const range of [100, 5000]) {
      // A volunteer standing on a cell centre is snapped onto itself, so distances are exact.
      const centre = snapToCell(freshPlace());
      const volunteer = await makeVolunteer(t, { at: centre });
      const inside = await project(t, centre, range - 1, 90);
      const outside = await project(t, centre, range + 1, 90);
      const hit = await nearby(t, caller, { location: pair(inside), range });
      expect(hit.statusCode).toBe(200);
      expect(ids(hit.json())).toEqual([volunteer.id]);
      const miss = await nearby(t, caller, { location: pair(outside), range });
      expect(miss.statusCode).toBe(200);
      expect(miss.json()).toEqual([]);
    }
  });

  it('leaves out the caller, unavailable volunteers and places not marked for volunteering', async () => {
    const here = snapToCell(freshPlace());
    const callerUser = await makeVolunteer(t, { at: here });
    const other = await makeVolunteer(t, { at: await project(t, here, 300) });
    await makeVolunteer(t, { at: await project(t, here, 200), available: false });
    await makeVolunteer(t, { at: await project(t, here, 250), notVolunteerPlace: true });
    const res = await nearby(t, await t.loginAs(callerUser), { location: pair(here), range: 1000 });
    expect(ids(res.json())).toEqual([other.id]);
  });

  it('sorts nearest first and lists a volunteer with several places once, at the nearest', async () => {
    const here = snapToCell(freshPlace());
    const twoPlaces = await makeVolunteer(t, { at: [await project(t, here, 1800, 180), await project(t, here, 600, 0)], profession: 'Police' });
    const near = await makeVolunteer(t, { at: await project(t, here, 300, 90), profession: 'Doctor Emergency' });
    const far = await makeVolunteer(t, { at: await project(t, here, 1500, 270), profession: null });
    const res = await nearby(t, await t.loginAs(await t.factory.user()), { location: pair(here), range: 2000 });
    const list = res.json<NearbyVolunteer[]>();
    expect(ids(list)).toEqual([near.id, twoPlaces.id, far.id]);
    expect(list.map((v) => v.profession)).toEqual(['Doctor Emergency', 'Police', null]);
    // The nearer of the two places (600 m north) is the one shown.
    expect(list[1]?.location.coordinates[1]).toBeGreaterThan(here.latitude);
  });

  it('returns only id, profession, the badge and the cell centre: no name, phone or exact point', async () => {
    const here = freshPlace();
    const exact = { latitude: here.latitude + 0.000_731, longitude: here.longitude + 0.000_417 };
    const volunteer = await makeVolunteer(t, { at: exact, profession: 'Firefighter' });
    const res = await nearby(t, await t.loginAs(await t.factory.user()), { location: pair(here), range: 500 });
    expect(res.statusCode).toBe(200);
    const [only] = res.json<NearbyVolunteer[]>();
    expect(Object.keys(only ?? {}).sort()).toEqual(['id', 'location', 'profession', 'verified']);
    expect(only?.id).toBe(volunteer.id);
    const cell = snapToCell(exact);
    expect(only?.location.type).toBe('Point');
    expect(only?.location.coordinates[0]).toBeCloseTo(cell.longitude, 6);
    expect(only?.location.coordinates[1]).toBeCloseTo(cell.latitude, 6);
    expect(only?.location.coordinates).not.toEqual([exact.longitude, exact.latitude]);
    expect(res.body).not.toContain('Kavya');
  });

  it('tests the radius on the cell centre, not on the exact point', async () => {
    const centre = snapToCell(freshPlace());
    // 100 m east of the centre, still inside the same ~250 m cell.
    const exact = await project(t, centre, 100, 90);
    expect(snapToCell(exact)).toEqual(centre);
    const volunteer = await makeVolunteer(t, { at: exact });
    const caller = await t.loginAs(await t.factory.user());
    // 950 m east of the exact point is 1050 m from the centre: the centre decides, so not found…
    const eastOfExact = await project(t, exact, 950, 90);
    expect((await nearby(t, caller, { location: pair(eastOfExact), range: 1000 })).json()).toEqual([]);
    // …and 1050 m west of the exact point is 950 m from the centre: found.
    const westOfExact = await project(t, exact, 1050, 270);
    expect(ids((await nearby(t, caller, { location: pair(westOfExact), range: 1000 })).json())).toEqual([volunteer.id]);
  });

  it('counts a shared live location for 15 minutes', async () => {
    const here = freshPlace();
    const fresh = await makeVolunteer(t, { at: await project(t, here, 200), via: 'live' });
    await makeVolunteer(t, { at: await project(t, here, 300), via: 'live', seenAt: new Date(t.clock.now().getTime() - 16 * 60_000) });
    const caller = await t.loginAs(await t.factory.user());
    expect(ids((await nearby(t, caller, { location: pair(here), range: 500 })).json())).toEqual([fresh.id]);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await nearby(t, caller, { location: pair(here), range: 500 })).json()).toEqual([]);
  });
});

describe('POST /api/volunteers/me/location', () => {
  it('stores the position of a volunteer who shares it, and the nearby search finds them', async () => {
    const here = freshPlace();
    const volunteer = await makeVolunteer(t, { at: here, via: 'live', seenAt: new Date(0) });
    const token = await t.loginAs(volunteer);
    const moved = await project(t, here, 400, 45);
    const res = await t.app.inject({ method: 'POST', url: '/api/volunteers/me/location', headers: bearer(token), payload: moved });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ stored: true, recordedAt: t.clock.now().toISOString() });
    const found = await nearby(t, await t.loginAs(await t.factory.user()), { location: pair(here), range: 1000 });
    expect(ids(found.json())).toEqual([volunteer.id]);
  });

  it('keeps nothing for a user who does not share a live location', async () => {
    const user = await t.factory.user();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/volunteers/me/location',
      headers: bearer(await t.loginAs(user)),
      payload: { latitude: 21.1, longitude: 72.8 },
    });
    expect(res.json()).toEqual({ stored: false, recordedAt: null });
    const row = await t.db.selectFrom('users').select(['last_location', 'last_location_at']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ last_location: null, last_location_at: null });
  });

  it('rejects coordinates out of range naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/volunteers/me/location',
      headers: bearer(await t.loginAs(await t.factory.user())),
      payload: { latitude: 95, longitude: 72.8 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('latitude');
  });
});

describe('GET /api/config/public', () => {
  it('tells anyone the place search URL, the map tiles and the grievance officer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config/public' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      geocoderUrl: 'https://nominatim.openstreetmap.org/search',
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      mapTileAttribution: '© OpenStreetMap contributors',
      // Outside production an unset officer is the demo one (config.ts).
      grievanceOfficer: DEMO_GRIEVANCE_OFFICER,
      // ASTRO_AI_ENABLED defaults to true.
      features: { astroAi: true },
    });
  });
});
