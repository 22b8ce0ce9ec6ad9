// The demo feed's public entry: a sample post's age in words (app/relative-times.test.ts).
// Its screen loads through app/routes.tsx.
export { demoPostTime } from './demo-posts';
