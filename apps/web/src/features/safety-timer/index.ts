// The safety timer's public entry: its section on the account page, and what a journey (features/journeys,
// a timer with a destination) shares with it: the PIN pad, the PINs, the contacts and the hour positions go on after the end.
// Its screen loads through app/routes.tsx.
export { SafetyTimerAccountSection } from './safety-timer-account-section';
export { PinPad } from './pin-pad';
export { SafetyPinsForm } from './safety-pins-form';
export { formatLeft } from './running-timer';
export { usePinsStatusQuery, useTimerContactsQuery } from './queries';
export { FOLLOW_AFTER_END_MS } from './use-timer-location';
