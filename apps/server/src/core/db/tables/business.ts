import type { Generated } from 'kysely';
import type { Default } from './columns';

export interface BusinessCatalogsTable {
  /** The business user; one catalog each. */
  user_id: number;
  does_delivery: Default<boolean>;
  delivery_text: string | null;
  delivery_range_m: number | null;
  created_at: Default<Date>;
  updated_at: Default<Date>;
}

export interface CatalogItemsTable {
  id: Generated<number>;
  catalog_user_id: number;
  title: string;
  image_url: string;
  media_object_id: number | null;
  position: Default<number>;
  created_at: Default<Date>;
}

export interface OrdersTable {
  id: Generated<number>;
  business_user_id: number;
  customer_id: number;
  status: Default<'placed' | 'handed_off' | 'cancelled'>;
  whatsapp_number: string | null;
  created_at: Default<Date>;
  updated_at: Default<Date>;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  /** SPEC.md's slideId: the catalog item on screen when the line was added. */
  slide_id: number | null;
  title: string;
  text: string;
  position: Default<number>;
}

export interface BusinessTables {
  business_catalogs: BusinessCatalogsTable;
  catalog_items: CatalogItemsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
}
