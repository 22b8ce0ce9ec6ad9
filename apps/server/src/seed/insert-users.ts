import { sql, type InsertObject, type Kysely, type Transaction } from 'kysely';
import { PERMISSIONS, SPEC_PERMISSION_USER_IDS, indiaDate, isOldEnoughForCommunity, newsLanguageOf } from '@saathi/shared';
import type { Database } from '../core/db/schema';
import { PLACES } from './data/places';
import { DEMO_USERS, type DemoUser } from './data/users';
import { geoPoint } from '../core/db/geo';
import { jitter } from './geo';
import { hoursAgo, type Random } from './random';

type Db = Kysely<Database> | Transaction<Database>;

export interface SeededUsers {
  /** Every demo phone number and its user id (including users that existed before). */
  idByPhone: Map<string, number>;
  /** Demo users inserted by this run; only they get contacts, places and activity. */
  created: DemoUser[];
}

/** Looks up a demo user's id; the data files only reference demo phone numbers. */
export function idOf(users: SeededUsers, phone: string): number {
  const id = users.idByPhone.get(phone);
  if (id === undefined) throw new Error(`Seed data references unknown demo user ${phone}`);
  return id;
}

export async function insertUsers(db: Db, random: Random, now: Date): Promise<SeededUsers> {
  const referralIds = new Set<string>();
  const rows = DEMO_USERS.map((user, index): InsertObject<Database, 'users'> => {
    const home = PLACES[user.place];
    let referralId = random.referralId();
    while (referralIds.has(referralId)) referralId = random.referralId();
    referralIds.add(referralId);
    const live = user.sharesLiveLocation ? jitter(random, home.latitude, home.longitude, 600) : undefined;
    const language = user.language ?? 'en-US';
    return {
      phone_number: user.phone,
      name: user.name,
      email: user.email ?? null,
      roles: user.roles ?? [],
      user_type: user.userType ?? 'Youth',
      is_verified: true,
      dob: user.dob,
      city: home.city,
      state: home.state,
      pincode: home.pincode,
      profession: user.profession ?? null,
      available_for_community: user.profession !== undefined,
      available_for_paid_professional_service: user.paidService ?? false,
      share_live_location: live !== undefined,
      last_location: live ? geoPoint(live) : null,
      last_location_at: live ? hoursAgo(now, 0.2 + index / 10) : null,
      has_joined_community: isOldEnoughForCommunity(user.dob, now),
      start_audio_video_record_on_sos: user.recordsOnSos ?? false,
      referral_id: referralId,
      is_ambassador: user.ambassador ?? false,
      business_name: user.business?.name ?? null,
      business_category: user.business?.category ?? null,
      whatsapp_number: user.business?.whatsapp ?? null,
      default_app: user.defaultApp ?? 'sos',
      language,
      news_language: newsLanguageOf(language),
      profile_completed: true,
      // Older accounts first, so "joined" dates look like a growing community.
      created_at: hoursAgo(now, (DEMO_USERS.length - index) * 36),
    };
  });

  const inserted = await db
    .insertInto('users')
    .values(rows)
    .onConflict((oc) => oc.column('phone_number').doNothing())
    .returning(['phone_number'])
    .execute();
  const createdPhones = new Set(inserted.map((r) => r.phone_number));
  const all = await db
    .selectFrom('users')
    .select(['id', 'phone_number'])
    .where(
      'phone_number',
      'in',
      DEMO_USERS.map((u) => u.phone),
    )
    .execute();
  const users: SeededUsers = {
    idByPhone: new Map(all.map((r) => [r.phone_number, r.id])),
    created: DEMO_USERS.filter((u) => createdPhones.has(u.phone)),
  };

  await linkReferrals(db, users);
  await grantSpecPermissions(db);
  await insertContactsAndPlaces(db, users, random);
  await insertActivityDays(db, users, random, now);
  return users;
}

/** Referrers can come later in the list than the people they referred, so link afterwards. */
async function linkReferrals(db: Db, users: SeededUsers): Promise<void> {
  const pairs = users.created.filter((u) => u.referredBy).map((u) => sql`(${idOf(users, u.phone)}::integer, ${idOf(users, u.referredBy as string)}::integer)`);
  if (pairs.length === 0) return;
  await sql`
    UPDATE users SET referred_by = v.referrer
    FROM (VALUES ${sql.join(pairs)}) AS v(id, referrer)
    WHERE users.id = v.id
  `.execute(db);
}

/** SPEC.md's hard-coded id lists become permissions on whichever of those ids exist. */
async function grantSpecPermissions(db: Db): Promise<void> {
  const grants = PERMISSIONS.flatMap((permission) => SPEC_PERMISSION_USER_IDS[permission].map((id) => ({ id, permission })));
  const existing = new Set(
    (
      await db
        .selectFrom('users')
        .select('id')
        .where(
          'id',
          'in',
          grants.map((g) => g.id),
        )
        .execute()
    ).map((r) => r.id),
  );
  const values = grants.filter((g) => existing.has(g.id)).map((g) => ({ user_id: g.id, permission: g.permission }));
  if (values.length === 0) return;
  await db
    .insertInto('user_permissions')
    .values(values)
    .onConflict((oc) => oc.columns(['user_id', 'permission']).doNothing())
    .execute();
}

async function insertContactsAndPlaces(db: Db, users: SeededUsers, random: Random): Promise<void> {
  const contacts = users.created.flatMap((user) =>
    user.contacts.map((contact, position) => ({
      user_id: idOf(users, user.phone),
      name: contact.name,
      phone_number: contact.phone,
      relation: contact.relation,
      position,
    })),
  );
  if (contacts.length > 0) await db.insertInto('emergency_contacts').values(contacts).execute();

  const places = users.created.flatMap((user) => {
    const userId = idOf(users, user.phone);
    const home = PLACES[user.place];
    const homePoint = jitter(random, home.latitude, home.longitude, 400);
    const list = [
      {
        user_id: userId,
        name: 'Home',
        is_business_location: false,
        is_volunteer_location: user.profession !== undefined,
        location: geoPoint(homePoint),
      },
    ];
    if (user.business) {
      const shop = PLACES[user.business.place];
      const at = jitter(random, shop.latitude, shop.longitude, 250);
      list.push({
        user_id: userId,
        name: user.business.name.slice(0, 60),
        is_business_location: true,
        is_volunteer_location: false,
        location: geoPoint(at),
      });
    }
    for (const other of user.otherPlaces ?? []) {
      const place = PLACES[other.place];
      const at = jitter(random, place.latitude, place.longitude, 300);
      list.push({
        user_id: userId,
        name: other.name,
        is_business_location: false,
        is_volunteer_location: false,
        location: geoPoint(at),
      });
    }
    return list.map((row, position) => ({ ...row, position }));
  });
  if (places.length > 0) await db.insertInto('saved_locations').values(places).execute();
}

/** Days active over the last 30 days, for the leaderboard's activity scores. */
async function insertActivityDays(db: Db, users: SeededUsers, random: Random, now: Date): Promise<void> {
  const last30 = Array.from({ length: 30 }, (_, day) => indiaDate(hoursAgo(now, day * 24)));
  const rows = users.created.flatMap((user) =>
    random.sample(last30, random.int(2, 24)).map((activity_date) => ({ user_id: idOf(users, user.phone), activity_date })),
  );
  if (rows.length > 0) await db.insertInto('user_activity_days').values(rows).execute();
}
