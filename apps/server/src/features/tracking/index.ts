export { trackingPlugin } from './tracking.plugin';
export { shortLinkPlugin } from './short-link.plugin';
