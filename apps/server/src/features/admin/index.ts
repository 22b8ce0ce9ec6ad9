export { adminPlugin } from './admin.plugin';
