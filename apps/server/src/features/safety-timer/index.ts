export { createSafetyTimerHandlers } from './safety-timer-delivery';
export { safetyTimerPlugin } from './safety-timer.plugin';
