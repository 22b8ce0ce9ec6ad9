// Local alerts' public entry: the alert settings' fields and queries for the account's alerts
// tab, the profile stepper's alerts step, and the alerts' age in words (app/relative-times.test.ts).
export { AlertSettingsFields } from './alert-settings-fields';
export { useAlertsStep } from './alerts-step';
export { ageText } from './labels';
export { useAlertSettingsQuery, useSaveAlertSettingsMutation } from './queries';
