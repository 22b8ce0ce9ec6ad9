// Incident reels' public entry: a reel comment's age in words (app/relative-times.test.ts).
// Its screens load through app/routes.tsx; the title and description fields are entities/reel.
export { reelTimeText } from './reel-time';
