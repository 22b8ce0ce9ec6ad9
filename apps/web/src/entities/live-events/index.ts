// The app's one stream of live events from the server (GET /api/live): a hook to listen to it.
export { useLiveEvents, type LiveMessage } from './live-events';
