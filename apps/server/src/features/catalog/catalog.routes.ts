import { catalogEndpoints } from '@saathi/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoints } from '../../core/http/endpoints';
import { requireUser } from '../../plugins/app/auth';
import type { CatalogService } from './catalog.service';

/** Business catalog and orders (SPEC.md §7); the client hands orders to WhatsApp. */
export function catalogRoutes(app: FastifyInstance, { catalog }: { catalog: CatalogService }): void {
  registerEndpoints(app, catalogEndpoints, {
    'GET /community/business-catalog/:userId': async (request) => catalog.getCatalog(requireUser(request).id, request.params.userId, request.query),
    'POST /community/orders': async (request) => catalog.placeOrder(requireUser(request).id, request.body),
    'GET /community/orders': async (request) => catalog.ordersReceived(requireUser(request).id, request.query.page, request.query.limit),
  });
}
