// The feedback feature's public entry: what the app shell starts once the first screen is up.
export { startFeedbackOutbox } from './outbox-start';
