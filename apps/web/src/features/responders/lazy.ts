// What other features load from here on demand, each in a chunk of its own.

/** The volunteering tab's responder settings (duty, verification, practice), loaded when the tab opens. */
export const loadResponderSettings = () => import('./responder-settings');
