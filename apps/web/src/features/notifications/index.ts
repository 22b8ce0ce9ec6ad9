// Notifications' public entry: the notifications list (the community's post notifications).
// Its screen loads through app/routes.tsx, and app/layout loads the live alerts lazily; the
// unread count the app bar shows is entities/notifications.
export { useNotifications } from './queries';
