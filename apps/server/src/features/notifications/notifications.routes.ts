import {
  ErrorResponse,
  MarkNotificationsReadBody,
  MarkNotificationsReadResponse,
  NotificationsPage,
  NotificationsQuery,
  UnreadCountResponse,
  VapidPublicKeyResponse,
} from '@saathi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/app/auth';
import type { NotificationsService } from './notifications.service';

export interface NotificationsRoutesOptions {
  notifications: NotificationsService;
  /** The VAPID public key browsers subscribe with (applicationServerKey). */
  vapidPublicKey: string;
}

export const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRoutesOptions> = async (app, { notifications, vapidPublicKey }) => {
  app.get(
    '/push/vapid-public-key',
    {
      schema: {
        tags: ['push'],
        summary: "The server's VAPID public key, for PushManager.subscribe({applicationServerKey})",
        response: { 200: VapidPublicKeyResponse, 401: ErrorResponse },
      },
    },
    async () => ({ publicKey: vapidPublicKey }),
  );

  app.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "The caller's notifications, newest first, with the unread count",
        querystring: NotificationsQuery,
        response: { 200: NotificationsPage, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      const { page, pageSize, unreadOnly } = request.query;
      return notifications.list(requireUser(request).id, page, pageSize, unreadOnly);
    },
  );

  app.get(
    '/notifications/unread-count',
    {
      schema: {
        tags: ['notifications'],
        summary: "How many of the caller's notifications are unread",
        response: { 200: UnreadCountResponse, 401: ErrorResponse },
      },
    },
    async (request) => ({ count: await notifications.unreadCount(requireUser(request).id) }),
  );

  app.post(
    '/notifications/read',
    {
      schema: {
        tags: ['notifications'],
        summary: "Marks the given notifications read (all of the caller's when ids is omitted)",
        body: MarkNotificationsReadBody,
        response: { 200: MarkNotificationsReadResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => notifications.markRead(requireUser(request).id, request.body.ids),
  );
};
