// A screen about the signed-in user: the loading bar until the user is known, then the screen.
export { WithMe } from './with-me';
