export { postPagePlugin, postsPlugin } from './posts.plugin';
