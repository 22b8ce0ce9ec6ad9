export { healthPlugin } from './health.plugin';
export { readiness } from './health.routes';
