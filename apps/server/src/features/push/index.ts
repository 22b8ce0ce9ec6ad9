export { pushPlugin } from './push.plugin';
