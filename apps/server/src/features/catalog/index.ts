export { catalogPlugin } from './catalog.plugin';
