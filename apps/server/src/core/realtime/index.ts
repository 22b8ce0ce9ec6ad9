export { createMemoryBus, type EventBus, type LiveListener } from './event-bus';
export { createRedisBus } from './redis-bus';
