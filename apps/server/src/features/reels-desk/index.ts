export { reelsDeskPlugin } from './reels-desk.plugin';
