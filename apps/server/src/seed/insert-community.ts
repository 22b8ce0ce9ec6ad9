import type { Kysely, Transaction } from 'kysely';
import { isOldEnoughForCommunity } from '@saathi/shared';
import type { Database } from '../core/db/schema';
import { DEMO_CATALOGS } from './data/businesses';
import { PLACES } from './data/places';
import { DEMO_POSTS } from './data/posts';
import { DEMO_USERS, type DemoUser } from './data/users';
import { geoPoint } from '../core/db/geo';
import { jitter } from './geo';
import { idOf, type SeededUsers } from './insert-users';
import type { SeedMedia } from './media-rows';
import { hoursAgo, type Random } from './random';

type Db = Kysely<Database> | Transaction<Database>;

/** Demo users old enough for the community (the under-13 user never likes or comments). */
export const COMMUNITY_MEMBERS: DemoUser[] = DEMO_USERS.filter((u) => isOldEnoughForCommunity(u.dob));

function demoUser(phone: string): DemoUser {
  const user = DEMO_USERS.find((u) => u.phone === phone);
  if (!user) throw new Error(`Seed data references unknown demo user ${phone}`);
  return user;
}

/** A moment between `from` and `now`, for likes and comments that follow a post. */
const between = (random: Random, from: Date, now: Date): Date => new Date(from.getTime() + random.next() * (now.getTime() - from.getTime()));

/** Catalogs with items; returns item ids by owner phone, in catalog order. */
export async function insertCatalogs(db: Db, users: SeededUsers, media: SeedMedia): Promise<Map<string, number[]>> {
  const itemIds = new Map<string, number[]>();
  for (const catalog of DEMO_CATALOGS) {
    const userId = idOf(users, catalog.owner);
    await db
      .insertInto('business_catalogs')
      .values({
        user_id: userId,
        does_delivery: catalog.doesDelivery,
        delivery_text: catalog.deliveryText,
        delivery_range_m: catalog.deliveryRangeM,
      })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const items = await db
      .insertInto('catalog_items')
      .values(
        catalog.items.map((item, position) => ({
          catalog_user_id: userId,
          title: item.title,
          image_url: media.url(`catalog/${item.image}`),
          media_object_id: media.id(`catalog/${item.image}`),
          position,
        })),
      )
      .returning(['id', 'position'])
      .execute();
    itemIds.set(
      catalog.owner,
      items.sort((a, b) => a.position - b.position).map((i) => i.id),
    );
  }
  return itemIds;
}

/** Posts with photos, likes, comments and shares. Returns post ids in DEMO_POSTS order. */
export async function insertPosts(db: Db, users: SeededUsers, media: SeedMedia, random: Random, now: Date): Promise<number[]> {
  const businessLocations = new Map(
    (
      await db
        .selectFrom('saved_locations')
        .select(['user_id', 'location'])
        .where('is_business_location', '=', true)
        .where('user_id', 'in', [...users.idByPhone.values()])
        .execute()
    ).map((r) => [r.user_id, r.location]),
  );
  const ids: number[] = [];
  for (const post of DEMO_POSTS) {
    const author = demoUser(post.author);
    const userId = idOf(users, post.author);
    const createdAt = hoursAgo(now, post.hoursAgo);
    const business = post.asBusiness ? author.business : undefined;
    const place = PLACES[post.place ?? business?.place ?? author.place];
    const at = jitter(random, place.latitude, place.longitude, 500);
    const businessLocation = business ? businessLocations.get(userId) : undefined;
    const catalog = DEMO_CATALOGS.find((c) => c.owner === post.author);
    const row = await db
      .insertInto('posts')
      .values({
        user_id: userId,
        user_name: business?.name ?? author.name,
        title: post.title,
        description: post.description,
        priority: post.priority ?? 'regular',
        // A business location is stored as geography already; copy it as is.
        location: businessLocation ?? geoPoint(at),
        show_location: business ? true : (post.showLocation ?? false),
        tags: post.tags,
        is_business_post: business !== undefined,
        business_category: business?.category ?? null,
        whatsapp_number: business?.whatsapp ?? null,
        delivery_range_m: business && catalog ? catalog.deliveryRangeM : null,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);

    const images = post.images ?? [];
    if (images.length > 0) {
      await db
        .insertInto('post_media')
        .values(
          images.map((image, position) => ({
            post_id: row.id,
            media_object_id: media.id(`posts/${image}`),
            url: media.url(`posts/${image}`),
            width: 800,
            height: 600,
            position,
            created_at: createdAt,
          })),
        )
        .execute();
    }

    const others = COMMUNITY_MEMBERS.filter((u) => u.phone !== post.author);
    const likers = random.sample(others, random.int(post.priority === 'high' ? 6 : 0, 14));
    if (likers.length > 0) {
      await db
        .insertInto('post_likes')
        .values(likers.map((u) => ({ post_id: row.id, user_id: idOf(users, u.phone), created_at: between(random, createdAt, now) })))
        .execute();
    }
    const comments = post.comments ?? [];
    if (comments.length > 0) {
      await db
        .insertInto('post_comments')
        .values(
          comments.map((c, i) => {
            const at = new Date(createdAt.getTime() + (i + 1) * ((now.getTime() - createdAt.getTime()) / (comments.length + 1)));
            return { post_id: row.id, user_id: idOf(users, c.by), content: c.text, created_at: at, updated_at: at };
          }),
        )
        .execute();
    }
    const sharers = random.sample(others, random.int(0, 3));
    if (sharers.length > 0) {
      await db
        .insertInto('post_shares')
        .values(
          sharers.map((u) => ({
            post_id: row.id,
            user_id: idOf(users, u.phone),
            channel: 'link' as const,
            created_at: between(random, createdAt, now),
          })),
        )
        .execute();
    }
  }
  return ids;
}

/** Two orders handed to WhatsApp, so a business has something in its order list. */
export async function insertOrders(db: Db, users: SeededUsers, catalogItems: Map<string, number[]>, now: Date): Promise<void> {
  const orders = [
    {
      customer: '9000000002',
      business: '9000000017',
      hours: 30,
      lines: [
        [0, '2 boxes, delivery after 6 pm please'],
        [3, 'One basket for a hospital visit'],
      ],
    },
    {
      customer: '9000000024',
      business: '9000000019',
      hours: 8,
      lines: [
        [0, '6 vada pav, less spicy'],
        [3, '4 cutting chai'],
      ],
    },
  ] as const;
  for (const order of orders) {
    const businessUser = demoUser(order.business);
    const at = hoursAgo(now, order.hours);
    const row = await db
      .insertInto('orders')
      .values({
        business_user_id: idOf(users, order.business),
        customer_id: idOf(users, order.customer),
        status: 'handed_off',
        whatsapp_number: businessUser.business?.whatsapp ?? null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const items = catalogItems.get(order.business) ?? [];
    const catalog = DEMO_CATALOGS.find((c) => c.owner === order.business);
    await db
      .insertInto('order_items')
      .values(
        order.lines.map(([index, text], position) => ({
          order_id: row.id,
          slide_id: items[index] ?? null,
          title: catalog?.items[index]?.title ?? '',
          text,
          position,
        })),
      )
      .execute();
  }
}
