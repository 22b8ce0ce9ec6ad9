// What other features load from here on demand, each in a chunk of its own.

/** The place picker (search, map, the phone's position), loaded when it opens. */
export const loadLocationPicker = () => import('./location-picker');
