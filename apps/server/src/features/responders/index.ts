export { respondersPlugin } from './responders.plugin';
