export { createNotificationsService, type NotificationsService, type NotificationsServiceDeps } from './notifications.service';
export { createNotificationsRepository, type NewNotification, type NotificationRow, type NotificationsRepository } from './notifications.repository';
