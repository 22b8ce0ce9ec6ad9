// Nothing here is used by another feature or the app shell: the leaderboard (/leaderboard) loads
// lazily through app/routes.tsx.
export {};
