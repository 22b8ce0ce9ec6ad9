export { leaderboardPlugin } from './leaderboard.plugin';
