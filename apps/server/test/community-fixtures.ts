import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/core/db/schema';
import { geoPoint } from '../src/core/db/geo';
import type { TestApp } from './build';

/** An adult's birth date (the age gate needs one). */
export const ADULT_DOB = '1990-05-17';

/** Helpers for the community tests: rows inserted the way the app would have written them. */
export function communityFixtures(t: TestApp) {
  const db = (): Kysely<Database> => t.db;
  return {
    async adult(overrides: { name?: string; dob?: string | null } = {}) {
      const user = await t.factory.user({ name: overrides.name ?? 'Asha Verma', dob: overrides.dob === undefined ? ADULT_DOB : overrides.dob });
      return { ...user, token: await t.loginAs(user) };
    },

    async business(options: { latitude: number; longitude: number; whatsapp?: string; rangeM?: number | null; items?: string[] }) {
      const user = await t.factory.user({ name: 'Ravi Patel', dob: ADULT_DOB });
      await db()
        .updateTable('users')
        .set({ business_name: 'Patel Sweets', business_category: 'bakery', whatsapp_number: options.whatsapp ?? '9876501234' })
        .where('id', '=', user.id)
        .execute();
      await db()
        .insertInto('saved_locations')
        .values({
          user_id: user.id,
          name: 'Shop',
          is_business_location: true,
          location: geoPoint({ latitude: options.latitude, longitude: options.longitude }),
        })
        .execute();
      const itemIds: number[] = [];
      if (options.items) {
        await db()
          .insertInto('business_catalogs')
          .values({
            user_id: user.id,
            does_delivery: true,
            delivery_text: 'Free delivery',
            delivery_range_m: options.rangeM === undefined ? 5000 : options.rangeM,
          })
          .execute();
        for (const [position, title] of options.items.entries()) {
          const row = await db()
            .insertInto('catalog_items')
            .values({ catalog_user_id: user.id, title, image_url: `/media/catalog/${position}.jpg`, position })
            .returning('id')
            .executeTakeFirstOrThrow();
          itemIds.push(row.id);
        }
      }
      return { ...user, token: await t.loginAs(user), itemIds };
    },

    async post(values: {
      userId: number;
      title?: string;
      description?: string;
      latitude?: number;
      longitude?: number;
      hoursAgo?: number;
      showLocation?: boolean;
      tags?: string[];
      businessCategory?: string;
      imageUrl?: string;
    }): Promise<number> {
      const createdAt = new Date(t.clock.now().getTime() - (values.hoursAgo ?? 0) * 3_600_000);
      const row = await db()
        .insertInto('posts')
        .values({
          user_id: values.userId,
          user_name: 'Asha Verma',
          title: values.title ?? '',
          description: values.description ?? 'A post',
          location:
            values.latitude !== undefined && values.longitude !== undefined ? geoPoint({ latitude: values.latitude, longitude: values.longitude }) : null,
          show_location: values.showLocation ?? true,
          tags: values.tags ?? [],
          is_business_post: values.businessCategory !== undefined,
          business_category: values.businessCategory ?? null,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (values.imageUrl) {
        await db().insertInto('post_media').values({ post_id: row.id, url: values.imageUrl, position: 0 }).execute();
      }
      return row.id;
    },

    async usage(userId: number) {
      const rows = await sql<{ posts_count: number; likes_count: number; comments_count: number }>`
        SELECT posts_count, likes_count, comments_count FROM daily_usage WHERE user_id = ${userId}`.execute(db());
      return rows.rows[0] ?? { posts_count: 0, likes_count: 0, comments_count: 0 };
    },
  };
}
