export {
  createSafetyTimerHandlers,
  createSafetyTimerWork,
  LINK_AFTER_END_MS,
  timerLinkToken,
  type SafetyTimerDeliveryDeps,
  type SafetyTimerWork,
  type StageOffsets,
} from './safety-timer-delivery';
export { safetyTimerPlugin } from './safety-timer.plugin';
export { createSafetyTimerRepository } from './safety-timer.repository';
export { createSafetyTimerService, type SafetyTimerService } from './safety-timer.service';
