import { z } from 'zod';
import { CatalogQuery, CatalogResponse, CreateOrderBody, Order, OrdersQuery } from '../schemas/community';
import { defineEndpoints } from './endpoint';

/** Business catalog and orders (SPEC.md §7); the client hands orders to WhatsApp. */
export const catalogEndpoints = defineEndpoints('community', {
  'GET /community/business-catalog/:userId': {
    summary: "A business's catalog; items only for a reader whose latitude/longitude is within its delivery range (else `unavailable` says why)",
    query: CatalogQuery,
    responses: { 200: CatalogResponse },
    errors: ['age_restricted', 'catalog_empty'],
  },
  'POST /community/orders': {
    summary: 'Place an order from a catalog (saved; the client then opens WhatsApp)',
    body: CreateOrderBody,
    responses: { 201: Order },
    errors: ['age_restricted', 'own_catalog_order', 'catalog_empty', 'catalog_item_missing'],
  },
  'GET /community/orders': {
    summary: 'Orders the caller received as a business, newest first',
    query: OrdersQuery,
    responses: { 200: z.array(Order) },
    errors: ['age_restricted'],
  },
});
