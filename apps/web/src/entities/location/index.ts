// The device's location: the app's one location store, the permission checks and the prompt that asks for it.
export {
  CHECK_TIMEOUT_MS,
  LocationError,
  forgetLocationStore,
  locationStore,
  useLocationState,
  type LocationStore,
  type StoredPosition,
} from './location-store';
export { usePermissionChecker, type DevicePermission } from './permission-checker';
export { LocationDialogs } from './location-dialogs';
export { useLocationPrompt } from './use-location-prompt';
