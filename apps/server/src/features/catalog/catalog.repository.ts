import { sql } from 'kysely';
import type { DbRef } from '../../core/db/db-ref';
import { geoPoint } from '../../core/db/geo';
import { indiaDateTimeText } from '../../core/db/india-time';

export interface CatalogRecord {
  userId: number;
  doesDelivery: boolean;
  deliveryText: string | null;
  deliveryRangeM: number | null;
  whatsappNumber: string | null;
  items: { id: number; title: string; imageUrl: string }[];
}

/** Business catalogs and orders. */
export function createCatalogRepository(ref: DbRef) {
  return {
    async catalog(userId: number): Promise<CatalogRecord | undefined> {
      const catalog = await ref.db
        .selectFrom('business_catalogs as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select(['c.user_id', 'c.does_delivery', 'c.delivery_text', 'c.delivery_range_m', 'u.whatsapp_number'])
        .where('c.user_id', '=', userId)
        .executeTakeFirst();
      if (!catalog) return undefined;
      const items = await ref.db
        .selectFrom('catalog_items')
        .select(['id', 'title', 'image_url'])
        .where('catalog_user_id', '=', userId)
        .orderBy('position')
        .orderBy('id')
        .execute();
      return {
        userId: catalog.user_id,
        doesDelivery: catalog.does_delivery,
        deliveryText: catalog.delivery_text,
        deliveryRangeM: catalog.delivery_range_m,
        whatsappNumber: catalog.whatsapp_number,
        items: items.map((i) => ({ id: i.id, title: i.title, imageUrl: i.image_url })),
      };
    },

    /** Metres from the business location to the point; undefined when the business has none. */
    async distanceToBusiness(userId: number, longitude: number, latitude: number): Promise<number | undefined> {
      const result = await sql<{ metres: number }>`
        SELECT ST_Distance(location, ${geoPoint({ latitude, longitude })}) AS metres
        FROM saved_locations WHERE user_id = ${userId} AND is_business_location ORDER BY position, id LIMIT 1`.execute(ref.db);
      return result.rows[0]?.metres;
    },

    async insertOrder(order: {
      businessUserId: number;
      customerId: number;
      whatsappNumber: string | null;
      items: { slideId: number; text: string; title: string }[];
    }): Promise<number> {
      return ref.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('orders')
          .values({ business_user_id: order.businessUserId, customer_id: order.customerId, whatsapp_number: order.whatsappNumber })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('order_items')
          .values(order.items.map((item, position) => ({ order_id: row.id, slide_id: item.slideId, title: item.title, text: item.text, position })))
          .execute();
        return row.id;
      });
    },

    /** Orders received by a business, newest first (orders_business_idx), with their lines. */
    async ordersOf(businessUserId: number, offset: number, limit: number, ids?: number[]) {
      let query = ref.db
        .selectFrom('orders as o')
        .innerJoin('users as u', 'u.id', 'o.customer_id')
        .select([
          'o.id',
          'o.business_user_id',
          'o.customer_id',
          'u.name',
          'u.avatar',
          'o.whatsapp_number',
          'o.status',
          indiaDateTimeText('o.created_at').as('created_at_text'),
        ])
        .where('o.business_user_id', '=', businessUserId);
      if (ids) query = query.where('o.id', 'in', ids);
      const orders = await query.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(limit).offset(offset).execute();
      if (orders.length === 0) return [];
      const lines = await ref.db
        .selectFrom('order_items')
        .select(['order_id', 'slide_id', 'text', 'title'])
        .where(
          'order_id',
          'in',
          orders.map((o) => o.id),
        )
        .orderBy('order_id')
        .orderBy('position')
        .execute();
      return orders.map((o) => ({ ...o, items: lines.filter((l) => l.order_id === o.id) }));
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
