import type { CatalogResponse, CatalogUnavailable, Order } from '@saathi/shared';
import { NotFoundError, ValidationError } from '../../core/errors';
import type { CommunityAccess } from '../../domain/community-access';
import type { CatalogRepository } from './catalog.repository';

type OrderRow = Awaited<ReturnType<CatalogRepository['ordersOf']>>[number];

function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    businessUserId: row.business_user_id,
    customer: { id: row.customer_id, name: row.name ?? '', avatar: row.avatar },
    whatsappNumber: row.whatsapp_number,
    status: row.status,
    createdAt: row.created_at_text,
    items: row.items.map((i) => ({ slideId: i.slide_id, text: i.text, title: i.title })),
  };
}

export function createCatalogService({ catalog, access }: { catalog: CatalogRepository; access: CommunityAccess }) {
  return {
    /**
     * The catalog of a business, for a reader whose location is known and within the
     * delivery range of the business location (the owner always sees their own). A catalog
     * without a range is offered everywhere. A reader without a location or out of range is
     * an expected state (SPEC.md §6 hints), answered with no items and `unavailable` saying why.
     */
    async getCatalog(
      callerId: number,
      businessUserId: number,
      point: { latitude?: number | undefined; longitude?: number | undefined },
    ): Promise<CatalogResponse> {
      await access.assertAllowed(callerId);
      const record = await catalog.catalog(businessUserId);
      if (!record || record.items.length === 0) throw new NotFoundError('No catalog items available', 'catalog_empty');
      const withheld = (unavailable: CatalogUnavailable): CatalogResponse => ({
        catalogItems: [],
        whatsappNumber: null,
        doesDelivery: record.doesDelivery,
        deliveryText: record.deliveryText,
        unavailable,
      });
      if (callerId !== businessUserId) {
        if (point.latitude === undefined || point.longitude === undefined) return withheld({ reason: 'location_required' });
        if (record.deliveryRangeM !== null) {
          const metres = await catalog.distanceToBusiness(businessUserId, point.longitude, point.latitude);
          if (metres === undefined || metres > record.deliveryRangeM)
            return withheld({ reason: 'outside_delivery_range', deliveryRangeM: record.deliveryRangeM });
        }
      }
      return {
        catalogItems: record.items,
        whatsappNumber: record.whatsappNumber,
        doesDelivery: record.doesDelivery,
        deliveryText: record.deliveryText,
        unavailable: null,
      };
    },

    /** Saves an order whose every line names an item of that business's catalog. */
    async placeOrder(callerId: number, body: { businessUserId: number; order: { slideId: number; text: string; title: string }[] }): Promise<Order> {
      await access.assertAllowed(callerId);
      if (body.businessUserId === callerId) throw new ValidationError('You cannot order from your own catalog', 'businessUserId', 'own_catalog_order');
      const record = await catalog.catalog(body.businessUserId);
      if (!record || record.items.length === 0) throw new NotFoundError('No catalog items available', 'catalog_empty');
      const items = new Map(record.items.map((i) => [i.id, i]));
      const lines = body.order.map((line, index) => {
        const item = items.get(line.slideId);
        if (!item) throw new ValidationError('This item is not in the catalog', `order.${index}.slideId`, 'catalog_item_missing');
        // The catalog's own title is stored, so the business sees what the customer saw.
        return { slideId: line.slideId, text: line.text, title: item.title };
      });
      const id = await catalog.insertOrder({ businessUserId: body.businessUserId, customerId: callerId, whatsappNumber: record.whatsappNumber, items: lines });
      const [row] = await catalog.ordersOf(body.businessUserId, 0, 1, [id]);
      if (!row) throw new Error('saved order not found');
      return toOrder(row);
    },

    async ordersReceived(callerId: number, page: number, limit: number): Promise<Order[]> {
      await access.assertAllowed(callerId);
      return (await catalog.ordersOf(callerId, (page - 1) * limit, limit)).map(toOrder);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
