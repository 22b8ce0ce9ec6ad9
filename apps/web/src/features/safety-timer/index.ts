// The safety timer's public entry: its section on the account page. Its screen loads through app/routes.tsx.
export { SafetyTimerAccountSection } from './safety-timer-account-section';
