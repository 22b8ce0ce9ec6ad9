export { moderationPlugin } from './moderation.plugin';
