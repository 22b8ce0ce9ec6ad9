export { astroPlugin } from './astro.plugin';
