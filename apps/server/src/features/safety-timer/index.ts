export { createSafetyTimerHandlers, LINK_AFTER_END_MS, timerLinkToken, type StageOffsets } from './safety-timer-delivery';
export { safetyTimerPlugin } from './safety-timer.plugin';
export { createSafetyTimerRepository } from './safety-timer.repository';
export { createSafetyTimerService, type SafetyTimerService } from './safety-timer.service';
