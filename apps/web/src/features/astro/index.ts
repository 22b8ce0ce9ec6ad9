// The astrology assistant's public entry: the account page's link to it.
export { AstroLinkButton } from './astro-link';
