import { CatalogQuery, CatalogResponse, CreateOrderBody, ErrorResponse, Order, OrdersQuery, UserIdParams } from '@saathi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/app/auth';
import type { CatalogService } from './catalog.service';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** Business catalog and orders (SPEC.md §7); the client hands orders to WhatsApp. */
export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  app.get(
    '/community/business-catalog/:userId',
    {
      schema: {
        tags: ['community'],
        summary: "A business's catalog; items only for a reader whose latitude/longitude is within its delivery range (else `unavailable` says why)",
        params: UserIdParams,
        querystring: CatalogQuery,
        response: { 200: CatalogResponse, ...errors },
      },
    },
    async (request) => catalog.getCatalog(requireUser(request).id, request.params.userId, request.query),
  );

  app.post(
    '/community/orders',
    {
      schema: {
        tags: ['community'],
        summary: 'Place an order from a catalog (saved; the client then opens WhatsApp)',
        body: CreateOrderBody,
        response: { 201: Order, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await catalog.placeOrder(requireUser(request).id, request.body)),
  );

  app.get(
    '/community/orders',
    {
      schema: {
        tags: ['community'],
        summary: 'Orders the caller received as a business, newest first',
        querystring: OrdersQuery,
        response: { 200: z.array(Order), ...errors },
      },
    },
    async (request) => catalog.ordersReceived(requireUser(request).id, request.query.page, request.query.limit),
  );
};
