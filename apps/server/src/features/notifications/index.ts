export { notificationsPlugin } from './notifications.plugin';
