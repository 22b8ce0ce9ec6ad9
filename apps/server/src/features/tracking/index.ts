export { trackingPlugin } from './tracking.plugin';
