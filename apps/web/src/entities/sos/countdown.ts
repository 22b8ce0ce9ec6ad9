/**
 * The SOS countdown as a small state machine, kept apart from React so its rules are tested
 * directly: pressing starts it, every second takes one off, reaching zero fires the alert
 * exactly once, and a cancel before that stops it for good.
 */
export type CountdownState = { phase: 'idle' } | { phase: 'counting'; remaining: number } | { phase: 'fired' } | { phase: 'cancelled' };

export type CountdownAction = { type: 'start'; seconds: number } | { type: 'tick' } | { type: 'cancel' } | { type: 'reset' };

/** The account setting may be 0 (raise at once); anything odd falls back to the default 3 s. */
export function countdownSeconds(setting: number | null | undefined, fallback = 3): number {
  if (setting == null || !Number.isFinite(setting) || setting < 0) return fallback;
  return Math.min(Math.floor(setting), 30);
}

export function countdownReducer(state: CountdownState, action: CountdownAction): CountdownState {
  switch (action.type) {
    case 'start':
      if (state.phase === 'counting') return state;
      return action.seconds <= 0 ? { phase: 'fired' } : { phase: 'counting', remaining: action.seconds };
    case 'tick':
      if (state.phase !== 'counting') return state;
      return state.remaining <= 1 ? { phase: 'fired' } : { phase: 'counting', remaining: state.remaining - 1 };
    case 'cancel':
      return state.phase === 'counting' ? { phase: 'cancelled' } : state;
    case 'reset':
      return { phase: 'idle' };
  }
}
