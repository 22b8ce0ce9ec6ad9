// The feedback feature's public entry: the outbox the app shell starts once the first screen is
// up (app/background-tasks.tsx), and the permissions its diagnostics name (app/used-keys.test.ts).
// Its screens load through app/routes.tsx.
export { DIAGNOSTIC_PERMISSIONS } from './diagnostic-permissions';
export { startFeedbackOutbox } from './outbox-start';
