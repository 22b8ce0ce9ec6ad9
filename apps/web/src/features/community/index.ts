// The community's public entry: its relative times in words (app/relative-times.test.ts).
// Its screens load through app/routes.tsx, and its place picker through lazy.ts.
export { likeTimeText, relativeTimeText } from './card-text';
