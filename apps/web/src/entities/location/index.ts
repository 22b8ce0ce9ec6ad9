// The device's location: the app's one location store (permission, last fix, watching).
export {
  CHECK_TIMEOUT_MS,
  LocationError,
  PROMPT_TIMEOUT_MS,
  forgetLocationStore,
  locationStore,
  useLocationState,
  type LocationStore,
  type StoredPosition,
} from './location-store';
