import { sql } from 'kysely';
import { BRAND_AVATAR_URL } from '@saathi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, build, signedInUser } from '../../../test/build';
import { takeConsoleErrors } from '../../../test/console';
import { AGE_GATE_MESSAGE } from '../../domain/community-access';
import { DOB_CHANGE_MESSAGE } from './users.service';

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
  const ravi = signedInUser(t, { name: 'Ravi Kumar' });

  it('updates the given fields and leaves the others', async () => {
    const fields = {
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
      profileCompleted: true,
    };
    const res = await patchMe(ravi.token, { ...fields, email: '' });
    expect(res.statusCode).toBe(200);
    // Every field as sent, the name kept, and the cleared email read back as none.
    expect(res.json()).toMatchObject({ ...fields, name: 'Ravi Kumar', email: null });
    expect(await getMe(ravi.token)).toMatchObject({ city: 'Ahmedabad', language: 'gu-IN' });
  });

  it('replaces emergency contacts and saved locations as whole lists, in order', async () => {
    const first = await patchMe(ravi.token, {
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

    const second = await patchMe(ravi.token, { emergencyContacts: [{ name: 'Dev', phoneNumber: '9876500003' }], locations: [] });
    expect(second.statusCode).toBe(200);
    expect(second.json().emergencyContacts).toEqual([{ name: 'Dev', phoneNumber: '9876500003' }]);
    expect(second.json().locations).toEqual([]);

    // Stored as a real geography point that PostGIS can measure.
    await patchMe(ravi.token, { locations: [home] });
    const row = await sql<{ km: number }>`
      select ST_Distance(location, ST_SetSRID(ST_MakePoint(72.8777, 19.076), 4326)::geography) / 1000 as km
      from saved_locations where user_id = ${ravi.id}`.execute(t.db);
    expect(Number(row.rows[0]?.km)).toBeGreaterThan(430);
    expect(Number(row.rows[0]?.km)).toBeLessThan(450);
  });

  it('rolls the whole change back when the database fails half-way', async () => {
    await patchMe(ravi.token, { name: 'Ravi Kumar', emergencyContacts: [{ name: 'Dev', phoneNumber: '9876500003' }], locations: [home] });
    await sql`
      create or replace function reject_boom() returns trigger language plpgsql as $$
      begin
        if new.name = 'boom' then raise exception 'rejected by test trigger'; end if;
        return new;
      end $$`.execute(t.db);
    await sql`create trigger reject_boom before insert on saved_locations for each row execute function reject_boom()`.execute(t.db);
    try {
      const res = await patchMe(ravi.token, {
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
    const me = await getMe(ravi.token);
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
    ['an over-long name', () => ({ name: 'x'.repeat(61) }), 'name'],
    ['a name with digits', () => ({ name: 'Priya123' }), 'name'],
    ['a name with a link', () => ({ name: 'visit http://x.io' }), 'name'],
    ['a name that is a domain', () => ({ name: 'a.b.com' }), 'name'],
    ['a name with www.', () => ({ name: 'www.example' }), 'name'],
    ['a name on two lines', () => ({ name: 'line\nbreak' }), 'name'],
    ['a business name with a link', () => ({ businessName: 'Patel Fruits www.patelfruits.in' }), 'businessName'],
    ['a business name on two lines', () => ({ businessName: 'Shop\nNo. 5' }), 'businessName'],
    ['an over-long business name', () => ({ businessName: 'x'.repeat(101) }), 'businessName'],
    ['a new contact named with digits', () => ({ emergencyContacts: [{ name: 'Mom 2', phoneNumber: '9876500001' }] }), 'emergencyContacts.0.name'],
    [
      'a new contact named with a link',
      () => ({
        emergencyContacts: [
          { name: 'Amma', phoneNumber: '9876500001' },
          { name: 'call wa.me', phoneNumber: '9876500002' },
        ],
      }),
      'emergencyContacts.1.name',
    ],
    ['an over-long new contact name', () => ({ emergencyContacts: [{ name: 'x'.repeat(61), phoneNumber: '9876500001' }] }), 'emergencyContacts.0.name'],
    ['latitude 95', () => ({ locations: [{ name: 'Far', location: { type: 'Point', coordinates: [72.5, 95] } }] }), 'locations.0.location.coordinates.1'],
    ['longitude 200', () => ({ locations: [{ name: 'Far', location: { type: 'Point', coordinates: [200, 23] } }] }), 'locations.0.location.coordinates.0'],
    ['an unknown field', () => ({ isAdmin: true }), 'isAdmin'],
    ['a read-only field', () => ({ phoneNumber: '9999999999' }), 'phoneNumber'],
    ['a wrong type', () => ({ availableForCommunity: 'yes' }), 'availableForCommunity'],
  ])('rejects %s with 400 naming the field and writes nothing', async (_label, body, field) => {
    const before = await getMe(ravi.token);
    // Valid changes ride along: none of them may be written either.
    const res = await patchMe(ravi.token, { city: 'Surat', emergencyContacts: [], ...body() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', field });
    expect(typeof res.json().error.message).toBe('string');
    expect(await getMe(ravi.token)).toEqual(before);
  });

  it('names the over-long name limit in the message', async () => {
    const res = await patchMe(ravi.token, { name: 'x'.repeat(61) });
    expect(res.json().error.message).toBe('Name can be at most 60 characters');
  });

  it('says what is wrong with a name', async () => {
    const messageOf = async (body: object) => (await patchMe(ravi.token, body)).json().error.message;
    expect(await messageOf({ name: 'Priya123' })).toBe('Name cannot contain digits');
    expect(await messageOf({ name: 'www.example' })).toBe('Name cannot contain a link');
    expect(await messageOf({ name: 'line\nbreak' })).toBe('Name must be on one line');
    expect(await messageOf({ name: 'Priya 😀' })).toBe("Name can hold only letters, spaces, . ' and -");
    expect(await messageOf({ businessName: 'Shop\nNo. 5' })).toBe('Business name must be on one line');
    expect(await messageOf({ emergencyContacts: [{ name: 'Mom 2', phoneNumber: '9876500001' }] })).toBe('Name cannot contain digits');
  });

  it('takes names of any script, trimmed, and business names with digits, &, commas and slashes', async () => {
    const res = await patchMe(ravi.token, {
      name: '  प्रिया शर्मा ',
      businessName: 'A/B Traders, Surat',
      emergencyContacts: [
        { name: 'ધ્રુવ પટેલ', phoneNumber: '9876500001' },
        { name: "Anil D'Souza", phoneNumber: '9876500002' },
        { name: 'Rao-Reddy', phoneNumber: '9876500003' },
        { name: 'Dr. K. Iyer', phoneNumber: '9876500004' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'प्रिया शर्मा',
      businessName: 'A/B Traders, Surat',
      emergencyContacts: [{ name: 'ધ્રુવ પટેલ' }, { name: "Anil D'Souza" }, { name: 'Rao-Reddy' }, { name: 'Dr. K. Iyer' }],
    });
    for (const businessName of ['Shop No. 5', 'Patel Fruits & Vegetables']) {
      expect((await patchMe(ravi.token, { businessName })).json().businessName).toBe(businessName);
    }
    await patchMe(ravi.token, { name: 'Ravi Kumar', businessName: null, emergencyContacts: [] });
  });

  it('rejects malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: { ...bearer(ravi.token), 'content-type': 'application/json' },
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

describe('names stored before the name rule', () => {
  async function oldStyleUser() {
    const user = await t.factory.user({ name: 'Priya123 www.priya.in' });
    await t.db.updateTable('users').set({ business_name: 'Shop\nwww.shop.in' }).where('id', '=', user.id).execute();
    await t.db
      .insertInto('emergency_contacts')
      .values([
        { user_id: user.id, name: 'Mom 2', phone_number: '9876500001', position: 0 },
        { user_id: user.id, name: 'Papa bit.ly/x', phone_number: '9876500002', position: 1 },
      ])
      .execute();
    return { ...user, token: await t.loginAs(user) };
  }

  it('are served as they are', async () => {
    const old = await oldStyleUser();
    expect(await getMe(old.token)).toMatchObject({
      name: 'Priya123 www.priya.in',
      businessName: 'Shop\nwww.shop.in',
      emergencyContacts: [
        { name: 'Mom 2', phoneNumber: '9876500001' },
        { name: 'Papa bit.ly/x', phoneNumber: '9876500002' },
      ],
    });
  });

  it('leave the other fields editable, and a kept contact may stay in the list while a new one is added', async () => {
    const old = await oldStyleUser();
    const city = await patchMe(old.token, { city: 'Surat', dob: '1990-01-01', businessCategory: null });
    expect(city.statusCode).toBe(200);
    expect(city.json()).toMatchObject({ city: 'Surat', name: 'Priya123 www.priya.in', businessName: 'Shop\nwww.shop.in' });

    const list = await patchMe(old.token, {
      emergencyContacts: [
        { name: 'Mom 2', phoneNumber: '9876500001', relation: 'mother' },
        { name: 'Papa bit.ly/x', phoneNumber: '9876500003' },
        { name: 'Dev', phoneNumber: '9876500004' },
      ],
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().emergencyContacts.map((c: { name: string }) => c.name)).toEqual(['Mom 2', 'Papa bit.ly/x', 'Dev']);
  });

  it('are checked once they change: a renamed contact or a sent name must follow the rule, and nothing is written', async () => {
    const old = await oldStyleUser();
    const before = await getMe(old.token);
    const renamed = await patchMe(old.token, {
      city: 'Surat',
      emergencyContacts: [
        { name: 'Mom 2', phoneNumber: '9876500001' },
        { name: 'Papa bit.ly/y', phoneNumber: '9876500002' },
      ],
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().error).toMatchObject({ code: 'validation_error', field: 'emergencyContacts.1.name', message: 'Name cannot contain a link' });
    const name = await patchMe(old.token, { name: 'Priya123 www.priya.in', city: 'Surat' });
    expect(name.statusCode).toBe(400);
    expect(name.json().error).toMatchObject({ code: 'validation_error', field: 'name' });
    expect(await getMe(old.token)).toEqual(before);

    const fixed = await patchMe(old.token, { name: 'Priya Shah', businessName: 'Shop No. 5' });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({ name: 'Priya Shah', businessName: 'Shop No. 5' });
  });
});

describe('PATCH /api/users/me: the age gate is not one profile edit away (DESIGN.md §8)', () => {
  /** 25 Nov 2026, noon in India. */
  const NOON_IST = new Date('2026-11-25T06:30:00Z');
  const farFuture = new Date('2100-01-01T00:00:00Z');

  beforeAll(() => t.clock.set(NOON_IST));
  afterAll(() => t.clock.set(new Date()));

  async function member(dob: string | null) {
    const user = await t.factory.user({ name: 'Kid Or Not', dob });
    return { ...user, token: await t.loginAs(user, { expiresAt: farFuture }) };
  }

  const feed = (token: string) => t.app.inject({ method: 'GET', url: '/api/posts/community-posts', headers: bearer(token) });

  async function expectRefused(token: string, payload: object) {
    const before = await getMe(token);
    const res = await patchMe(token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'dob_change_not_allowed', message: DOB_CHANGE_MESSAGE, field: 'dob' } });
    expect(res.json().error.message).toMatch(/support/i);
    expect(await getMe(token)).toEqual(before);
  }

  async function firstDobOf(userId: number): Promise<string | null> {
    const row = await t.db.selectFrom('users').select('first_dob').where('id', '=', userId).executeTakeFirstOrThrow();
    return row.first_dob;
  }

  it('refuses an under-13 user moving to 1990, writes none of the other fields, and the feed stays closed', async () => {
    const kid = await member('2015-03-01');
    await expectRefused(kid.token, {
      dob: '1990-01-01',
      name: 'Grown Up',
      city: 'Surat',
      emergencyContacts: [{ name: 'Amma', phoneNumber: '9876500001' }],
      locations: [home],
    });
    expect((await getMe(kid.token)).name).toBe('Kid Or Not');
    const res = await feed(kid.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(AGE_GATE_MESSAGE);
  });

  it('refuses an under-13 user moving to 13–17, and a 16-year-old moving to 1990', async () => {
    await expectRefused((await member('2015-03-01')).token, { dob: '2012-01-01' });
    await expectRefused((await member('2010-03-01')).token, { dob: '1990-01-01' });
  });

  it('lets an adult change to another adult date, and down to a child', async () => {
    const adult = await member('1990-01-01');
    const other = await patchMe(adult.token, { dob: '1985-06-15' });
    expect(other.statusCode).toBe(200);
    expect(other.json().dob).toBe('1985-06-15');
    const down = await patchMe(adult.token, { dob: '2015-06-15' });
    expect(down.statusCode).toBe(200);
    expect(down.json().dob).toBe('2015-06-15');
    expect((await feed(adult.token)).statusCode).toBe(403);
  });

  it('allows changes within a band', async () => {
    const teen = await member('2010-03-01');
    expect((await patchMe(teen.token, { dob: '2009-01-01' })).statusCode).toBe(200);
    const kid = await member('2015-03-01');
    expect((await patchMe(kid.token, { dob: '2014-01-01' })).statusCode).toBe(200);
  });

  it('judges 12 years 364 days on India’s calendar: the day before the 13th birthday in IST is refused', async () => {
    // 23:30 IST on 25 Nov 2026 (18:00 UTC): born 26 Nov 2013, 13 only at midnight IST.
    t.clock.set(new Date('2026-11-25T18:00:00Z'));
    try {
      const kid = await member('2013-11-26');
      await expectRefused(kid.token, { dob: '2013-11-25' });
      await expectRefused(kid.token, { dob: '1990-01-01' });
      expect((await feed(kid.token)).statusCode).toBe(403);
      // 00:15 IST on the 26th, still the 25th in UTC: 13 now, the feed opens and no edit was needed.
      t.clock.set(new Date('2026-11-25T18:45:00Z'));
      expect((await feed(kid.token)).statusCode).toBe(200);
      expect((await patchMe(kid.token, { dob: '2013-11-25' })).statusCode).toBe(200);
    } finally {
      t.clock.set(NOON_IST);
    }
  });

  it('keeps the first dob given: the stepper’s first entry is stored, and later edits are judged against it', async () => {
    const fresh = await member(null);
    const first = await patchMe(fresh.token, { dob: '2015-03-01', profileCompleted: true });
    expect(first.statusCode).toBe(200);
    expect(await firstDobOf(fresh.id)).toBe('2015-03-01');

    // Down, then up above the first date: still under 13 by the first date.
    expect((await patchMe(fresh.token, { dob: '2016-01-01' })).statusCode).toBe(200);
    await expectRefused(fresh.token, { dob: '1990-01-01' });
    // Back within the band of both dates is fine, and the first date never changes.
    expect((await patchMe(fresh.token, { dob: '2015-03-01' })).statusCode).toBe(200);
    expect(await firstDobOf(fresh.id)).toBe('2015-03-01');
  });

  it('cannot launder an age by clearing the dob first', async () => {
    const kid = await member('2015-03-01');
    const cleared = await patchMe(kid.token, { dob: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().dob).toBeNull();
    expect(await firstDobOf(kid.id)).toBe('2015-03-01');
    await expectRefused(kid.token, { dob: '1990-01-01' });
    expect((await feed(kid.token)).statusCode).toBe(403);
  });

  it('saving the profile with an unchanged dob is allowed, also after support corrected the date', async () => {
    const corrected = await member('1990-01-01');
    await t.db.updateTable('users').set({ first_dob: '2015-03-01' }).where('id', '=', corrected.id).execute();
    const res = await patchMe(corrected.token, { name: 'Same Date', dob: '1990-01-01' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Same Date', dob: '1990-01-01' });
    await expectRefused(corrected.token, { dob: '1989-01-01' });
  });

  it('an adult who edited down to a child cannot edit back up: support must', async () => {
    const adult = await member('1990-01-01');
    expect((await patchMe(adult.token, { dob: '2015-06-15' })).statusCode).toBe(200);
    await expectRefused(adult.token, { dob: '1990-01-01' });
  });
});
