import { sql, type Kysely } from 'kysely';
import { REFERRAL_ID_ALPHABET, REFERRAL_ID_LENGTH } from '@saathi/shared';
import type { Database } from '../src/core/db/schema';
import { newToken, randomString, sha256Hex } from '../src/core/crypto';

export interface ScenarioSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface SosScenario {
  victimId: number;
  victimToken: string;
  volunteerIds: number[];
  /** Subscription id (as handed to subscriptionFor) per volunteer id. */
  subscriptionOf: Map<number, string>;
}

/**
 * How far a volunteer's privacy cell centre (volunteer_cell(), ~250 m squares) can be from their
 * point: half the diagonal, with some margin. The fan-out measures cells, not points.
 */
const CELL_REACH_M = 180;

/**
 * A victim and `count` available volunteers spread within `radiusM` of the centre, each
 * with one Web Push subscription: the set-up of the outbox kill test and the fan-out bench.
 * The points keep CELL_REACH_M inside the radius, so every volunteer's cell is within it too.
 */
export async function seedSosScenario(
  db: Kysely<Database>,
  options: {
    center: { latitude: number; longitude: number };
    count: number;
    radiusM: number;
    subscriptionFor: (index: number) => { id: string } & ScenarioSubscription;
  },
): Promise<SosScenario> {
  const phone = (n: number) => `7${String(n).padStart(9, '0')}`;
  const victim = await db
    .insertInto('users')
    .values({
      phone_number: phone(999_999_999 - options.count),
      name: 'Sneha Patil',
      referral_id: randomString(REFERRAL_ID_ALPHABET, REFERRAL_ID_LENGTH),
      is_verified: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const victimToken = newToken();
  await db
    .insertInto('sessions')
    .values({ user_id: victim.id, token_hash: sha256Hex(victimToken), expires_at: sql<Date>`now() + interval '1 day'` })
    .execute();

  const volunteerIds: number[] = [];
  const subscriptionOf = new Map<number, string>();
  const BATCH = 250;
  for (let start = 0; start < options.count; start += BATCH) {
    const indexes = Array.from({ length: Math.min(BATCH, options.count - start) }, (_, k) => start + k);
    const users = await db
      .insertInto('users')
      .values(
        indexes.map((i) => ({
          phone_number: phone(100_000 + i),
          name: `Volunteer ${i}`,
          referral_id: randomString(REFERRAL_ID_ALPHABET, REFERRAL_ID_LENGTH),
          is_verified: true,
          available_for_community: true,
        })),
      )
      .returning('id')
      .execute();
    const ids = users.map((u) => u.id);
    volunteerIds.push(...ids);
    await db
      .insertInto('saved_locations')
      .values(
        ids.map((userId, k) => {
          // A spiral inside the radius: every volunteer at a distinct spot.
          const i = indexes[k] as number;
          const r = ((options.radiusM - CELL_REACH_M) * 0.95 * (i + 1)) / options.count;
          const angle = i * 2.399963;
          const lat = options.center.latitude + (r * Math.cos(angle)) / 110_574;
          const lon = options.center.longitude + (r * Math.sin(angle)) / (111_320 * Math.cos((options.center.latitude * Math.PI) / 180));
          return {
            user_id: userId,
            name: 'Area',
            is_volunteer_location: true,
            location: sql<string>`ST_SetSRID(ST_MakePoint(${lon}::float8, ${lat}::float8), 4326)::geography`,
          };
        }),
      )
      .execute();
    const subs = ids.map((userId, k) => ({ userId, sub: options.subscriptionFor(indexes[k] as number) }));
    for (const { userId, sub } of subs) subscriptionOf.set(userId, sub.id);
    await db
      .insertInto('push_subscriptions')
      .values(
        subs.map(({ userId, sub }) => ({ user_id: userId, kind: 'webpush' as const, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth })),
      )
      .execute();
  }
  return { victimId: victim.id, victimToken, volunteerIds, subscriptionOf };
}
