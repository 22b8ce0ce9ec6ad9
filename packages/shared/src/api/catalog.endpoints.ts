import { z } from 'zod';
import { CatalogQuery, CatalogResponse, CreateOrderBody, Order, OrdersQuery } from '../schemas/community';
import { created, defineEndpoints, ok } from './endpoint';

/** Business catalog and orders (SPEC.md §7); the client hands orders to WhatsApp. */
export const catalogEndpoints = defineEndpoints('community', {
  'GET /community/business-catalog/:userId': ok(CatalogResponse, { query: CatalogQuery, errors: ['age_restricted', 'catalog_empty'] }).summary(
    "A business's catalog; items only for a reader whose latitude/longitude is within its delivery range (else `unavailable` says why)",
  ),
  'POST /community/orders': created(Order, {
    body: CreateOrderBody,
    errors: ['age_restricted', 'own_catalog_order', 'catalog_empty', 'catalog_item_missing'],
  }).summary('Place an order from a catalog (saved; the client then opens WhatsApp)'),
  'GET /community/orders': ok(z.array(Order), { query: OrdersQuery, errors: ['age_restricted'] }).summary(
    'Orders the caller received as a business, newest first',
  ),
});
