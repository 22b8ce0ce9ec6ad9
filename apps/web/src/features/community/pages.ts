/** Every community screen behind one lazy import: one chunk and one preload list in the app shell. */
export { CommunityPage } from './community-page';
export { PostNotificationsPage } from './post-notifications-page';
export { PostPage } from './post-page';
export { UserPostsPage } from './user-posts-page';
