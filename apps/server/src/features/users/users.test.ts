import { sql } from 'kysely';
import { BRAND_AVATAR_URL } from '@saathi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, build } from '../../../test/build';
import { takeConsoleErrors } from '../../../test/console';

const t = build();

async function patchMe(token: string, payload: unknown) {
  return t.app.inject({ method: 'PATCH', url: '/api/users/me', headers: bearer(token), payload: payload as object });
}

async function getMe(token: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const home = { name: 'Home', location: { type: 'Point', coordinates: [72.5714, 23.0225] } };
const office = { name: 'Office', isBusinessLocation: true, location: { type: 'Point', coordinates: [72.8777, 19.076] } };

describe('GET /api/users/me', () => {
  it('returns the full User of the caller', async () => {
    const user = await t.factory.user({ name: 'Meera Shah', dob: '1994-05-17' });
    const me = await getMe(await t.loginAs(user));
    expect(me).toMatchObject({
      id: user.id,
      phoneNumber: user.phoneNumber,
      name: 'Meera Shah',
      dob: '1994-05-17',
      permissions: [],
      avatar: null,
      defaultApp: 'sos',
      language: 'en-US',
      newsPreferences: { language: 'en', categories: [], newsType: 'all' },
      emergencyContacts: [],
      locations: [],
      sosCountdownSeconds: 3,
    });
    expect(Number.isNaN(Date.parse(me.createdAt))).toBe(false);
  });

  it('gives users with brand_avatar the product logo and lists their permissions', async () => {
    const brand = await t.factory.user({ permissions: ['brand_avatar', 'share_posts'] });
    const me = await getMe(await t.loginAs(brand));
    expect(me.avatar).toBe(BRAND_AVATAR_URL);
    expect(me.permissions).toEqual(['brand_avatar', 'share_posts']);
  });
});

describe('PATCH /api/users/me', () => {
  let token: string;
  let userId: number;

  beforeAll(async () => {
    const user = await t.factory.user({ name: 'Ravi Kumar' });
    userId = user.id;
    token = await t.loginAs(user);
  });

  it('updates the given fields and leaves the others', async () => {
    const res = await patchMe(token, {
      city: 'Ahmedabad',
      state: 'Gujarat',
      pincode: '380001',
      dob: '1990-01-31',
      profession: 'Nurse',
      availableForCommunity: true,
      startAudioVideoRecordOnSos: true,
      defaultApp: 'news',
      language: 'gu-IN',
      newsPreferences: { language: 'gu', categories: ['safety'], newsType: 'local' },
      email: '',
      profileCompleted: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Ravi Kumar',
      city: 'Ahmedabad',
      state: 'Gujarat',
      pincode: '380001',
      dob: '1990-01-31',
      profession: 'Nurse',
      availableForCommunity: true,
      startAudioVideoRecordOnSos: true,
      defaultApp: 'news',
      language: 'gu-IN',
      newsPreferences: { language: 'gu', categories: ['safety'], newsType: 'local' },
      email: null,
      profileCompleted: true,
    });
    expect(await getMe(token)).toMatchObject({ city: 'Ahmedabad', language: 'gu-IN' });
  });

  it('replaces emergency contacts and saved locations as whole lists, in order', async () => {
    const first = await patchMe(token, {
      emergencyContacts: [
        { name: 'Amma', phoneNumber: '9876500001', relation: 'Mother' },
        { name: 'Kiran', phoneNumber: '+91 98765 00002' },
      ],
      locations: [home, office],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().emergencyContacts).toEqual([
      { name: 'Amma', phoneNumber: '9876500001', relation: 'Mother' },
      { name: 'Kiran', phoneNumber: '9876500002' },
    ]);
    const locations = first.json().locations;
    expect(locations).toHaveLength(2);
    expect(locations[0]).toMatchObject({ name: 'Home', isBusinessLocation: false, isVolunteerLocation: false });
    expect(locations[0].location.type).toBe('Point');
    expect(locations[0].location.coordinates[0]).toBeCloseTo(72.5714, 6);
    expect(locations[0].location.coordinates[1]).toBeCloseTo(23.0225, 6);
    expect(locations[1]).toMatchObject({ name: 'Office', isBusinessLocation: true });

    const second = await patchMe(token, { emergencyContacts: [{ name: 'Dev', phoneNumber: '9876500003' }], locations: [] });
    expect(second.statusCode).toBe(200);
    expect(second.json().emergencyContacts).toEqual([{ name: 'Dev', phoneNumber: '9876500003' }]);
    expect(second.json().locations).toEqual([]);

    // Stored as a real geography point that PostGIS can measure.
    await patchMe(token, { locations: [home] });
    const row = await sql<{ km: number }>`
      select ST_Distance(location, ST_SetSRID(ST_MakePoint(72.8777, 19.076), 4326)::geography) / 1000 as km
      from saved_locations where user_id = ${userId}`.execute(t.db);
    expect(Number(row.rows[0]?.km)).toBeGreaterThan(430);
    expect(Number(row.rows[0]?.km)).toBeLessThan(450);
  });

  it('rolls the whole change back when the database fails half-way', async () => {
    await patchMe(token, { name: 'Ravi Kumar', emergencyContacts: [{ name: 'Dev', phoneNumber: '9876500003' }], locations: [home] });
    await sql`
      create or replace function reject_boom() returns trigger language plpgsql as $$
      begin
        if new.name = 'boom' then raise exception 'rejected by test trigger'; end if;
        return new;
      end $$`.execute(t.db);
    await sql`create trigger reject_boom before insert on saved_locations for each row execute function reject_boom()`.execute(t.db);
    try {
      const res = await patchMe(token, {
        name: 'Changed',
        emergencyContacts: [{ name: 'Someone Else', phoneNumber: '9876500009' }],
        locations: [{ ...home, name: 'boom' }],
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: { code: 'internal_error', message: 'Something went wrong' } });
      const logged = takeConsoleErrors().join('\n');
      expect(logged).toContain('rejected by test trigger');
      // The failed query's parameters (coordinates here) stay out of the log.
      expect(logged).not.toContain('72.5714');
    } finally {
      await sql`drop trigger reject_boom on saved_locations`.execute(t.db);
    }
    const me = await getMe(token);
    expect(me.name).toBe('Ravi Kumar');
    expect(me.emergencyContacts).toEqual([{ name: 'Dev', phoneNumber: '9876500003' }]);
    expect(me.locations.map((l: { name: string }) => l.name)).toEqual(['Home']);
  });

  const tomorrow = () => {
    const d = new Date();
    d.setDate(d.getDate() + 2);
    return d.toISOString().slice(0, 10);
  };

  it.each([
    ['a 9-digit contact number', () => ({ emergencyContacts: [{ name: 'A', phoneNumber: '987654321' }] }), 'emergencyContacts.0.phoneNumber'],
    ['an alphabetic contact number', () => ({ emergencyContacts: [{ name: 'A', phoneNumber: 'abcdefghij' }] }), 'emergencyContacts.0.phoneNumber'],
    ['a 9-digit WhatsApp number', () => ({ whatsappNumber: '987654321' }), 'whatsappNumber'],
    ['a dob in the future', () => ({ dob: tomorrow() }), 'dob'],
    ['a malformed dob', () => ({ dob: '31-01-1990' }), 'dob'],
    ['an impossible dob', () => ({ dob: '1990-02-30' }), 'dob'],
    ['an over-long name', () => ({ name: 'x'.repeat(81) }), 'name'],
    ['latitude 95', () => ({ locations: [{ name: 'Far', location: { type: 'Point', coordinates: [72.5, 95] } }] }), 'locations.0.location.coordinates.1'],
    ['longitude 200', () => ({ locations: [{ name: 'Far', location: { type: 'Point', coordinates: [200, 23] } }] }), 'locations.0.location.coordinates.0'],
    ['an unknown field', () => ({ isAdmin: true }), 'isAdmin'],
    ['a read-only field', () => ({ phoneNumber: '9999999999' }), 'phoneNumber'],
    ['a wrong type', () => ({ availableForCommunity: 'yes' }), 'availableForCommunity'],
  ])('rejects %s with 400 naming the field and writes nothing', async (_label, body, field) => {
    const before = await getMe(token);
    // Valid changes ride along: none of them may be written either.
    const res = await patchMe(token, { city: 'Surat', emergencyContacts: [], ...body() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', field });
    expect(typeof res.json().error.message).toBe('string');
    expect(await getMe(token)).toEqual(before);
  });

  it('names the over-long name limit in the message', async () => {
    const res = await patchMe(token, { name: 'x'.repeat(81) });
    expect(res.json().error.message).toBe('Name can be at most 80 characters');
  });

  it('rejects malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/users/me', payload: { name: 'X' } });
    expect(res.statusCode).toBe(401);
  });
});
