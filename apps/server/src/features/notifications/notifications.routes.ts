import { notificationsEndpoints } from '@saathi/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoints } from '../../core/http/endpoints';
import type { NotificationsService } from '../../core/notifications';
import { requireUser } from '../../plugins/app/auth';

export interface NotificationsRoutesOptions {
  notifications: NotificationsService;
  /** The VAPID public key browsers subscribe with (applicationServerKey). */
  vapidPublicKey: string;
}

export function notificationsRoutes(app: FastifyInstance, { notifications, vapidPublicKey }: NotificationsRoutesOptions): void {
  registerEndpoints(app, notificationsEndpoints, {
    'GET /push/vapid-public-key': () => Promise.resolve({ publicKey: vapidPublicKey }),
    'GET /notifications': async (request) => {
      const { page, pageSize, unreadOnly } = request.query;
      return notifications.list(requireUser(request).id, page, pageSize, unreadOnly);
    },
    'GET /notifications/unread-count': async (request) => ({ count: await notifications.unreadCount(requireUser(request).id) }),
    'POST /notifications/read': async (request) => notifications.markRead(requireUser(request).id, request.body.ids),
  });
}
