export { volunteersPlugin } from './volunteers.plugin';
