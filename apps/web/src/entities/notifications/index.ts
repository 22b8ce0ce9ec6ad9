// The signed-in user's unread notifications, as the app bar's bell counts them, and the
// notifications' query keys. The list itself is the notifications feature's.
export { notificationKeys, useUnreadCount } from './unread-count';
