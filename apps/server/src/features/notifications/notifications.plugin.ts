import type { FeaturePlugin } from '../../feature-plugin';
import { notificationsRoutes } from './notifications.routes';

/**
 * The notification list and web-push subscriptions; registered under /api. The service is
 * app-wide (core/notifications, built once by app-context.ts) because SOS delivery and other
 * features write notifications too.
 */
export const notificationsPlugin: FeaturePlugin = async (app, { ctx }) => {
  notificationsRoutes(app, { notifications: ctx.notifications, vapidPublicKey: ctx.vapidPublicKey });
};
