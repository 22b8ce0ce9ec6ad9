// A profile's pieces, shared by the first-login stepper and the account's tabs: the fields and
// editors, their checks and the save hook.
export { EmergencyContactsEditor } from './components/emergency-contacts-editor';
export { PersonalFields } from './components/personal-fields';
export { DefaultAppSelect, LanguageSelect, PreferencesFields } from './components/preferences-fields';
export { ProfessionSelect } from './components/profession-select';
export { SavedLocationsEditor } from './components/saved-locations-editor';
export { useContactsEditor } from './hooks/use-contacts-editor';
export { useLocationsEditor } from './hooks/use-locations-editor';
export type { FieldErrors } from './lib/field-errors';
export { locationItemsFromUser, withBusinessLocation, type LocationItem } from './lib/locations';
export { personalBodyFromValues, personalValuesFromUser, type PersonalValues } from './lib/personal-values';
export { useSaveProfile } from './lib/use-save-profile';
