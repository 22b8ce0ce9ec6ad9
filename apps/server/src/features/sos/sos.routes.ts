import {
  CreateSosBody,
  ErrorResponse,
  SosAcceptBody,
  SosEventOwnerView,
  SosEventView,
  SosIdParams,
  SosLocationBody,
  SosLocationResponse,
  SosRespondResponse,
} from '@saathi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/app/auth';
import type { SosService } from './sos.service';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

export const sosRoutes: FastifyPluginAsyncZod<{ sos: SosService }> = async (app, { sos }) => {
  app.post(
    '/sos',
    {
      schema: {
        tags: ['sos'],
        summary: 'Raise an SOS: alerts the emergency contacts and, unless contactsOnly, nearby volunteers (201; 200 returns the already active event)',
        body: CreateSosBody,
        response: { 200: SosEventOwnerView, 201: SosEventOwnerView, 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { created, view } = await sos.raise(requireUser(request).id, request.body);
      return reply.status(created ? 201 : 200).send(view as SosEventOwnerView);
    },
  );

  app.get(
    '/sos/:id',
    {
      schema: {
        tags: ['sos'],
        summary:
          "An SOS event: its owner sees everything (who was alerted, who accepted and how far they are); an alerted volunteer sees the alert, and after accepting the victim's live location, while it is active",
        params: SosIdParams,
        response: { 200: SosEventView, ...errors },
      },
    },
    async (request) => sos.view(requireUser(request).id, request.params.id),
  );

  app.post(
    '/sos/:id/location',
    {
      schema: {
        tags: ['sos'],
        summary: "The owner's live position while the event is active",
        params: SosIdParams,
        body: SosLocationBody,
        response: { 200: SosLocationResponse, ...errors },
      },
    },
    async (request) => sos.updateLocation(requireUser(request).id, request.params.id, request.body),
  );

  for (const [action, status] of [
    ['resolve', 'resolved'],
    ['cancel', 'cancelled'],
  ] as const) {
    app.post(
      `/sos/:id/${action}`,
      {
        schema: {
          tags: ['sos'],
          summary:
            action === 'resolve'
              ? 'The owner ends the event: help arrived'
              : 'The owner cancels the event; everyone already alerted gets an "all clear" (SMS to contacts, push + in-app to users)',
          params: SosIdParams,
          response: { 200: SosEventOwnerView, ...errors },
        },
      },
      async (request) => (await sos.end(requireUser(request).id, request.params.id, status)) as SosEventOwnerView,
    );
  }

  app.post(
    '/sos/:id/accept',
    {
      schema: {
        tags: ['sos'],
        summary: 'An alerted volunteer accepts (optionally with where they are, for the distance shown to the victim)',
        params: SosIdParams,
        body: SosAcceptBody,
        response: { 200: SosRespondResponse, ...errors },
      },
    },
    async (request) => sos.accept(requireUser(request).id, request.params.id, request.body),
  );

  app.post(
    '/sos/:id/decline',
    {
      schema: {
        tags: ['sos'],
        summary: 'An alerted volunteer declines (or withdraws after accepting)',
        params: SosIdParams,
        response: { 200: SosRespondResponse, ...errors },
      },
    },
    async (request) => sos.decline(requireUser(request).id, request.params.id),
  );
};
