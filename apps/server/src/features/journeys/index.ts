export { journeysPlugin } from './journeys.plugin';
