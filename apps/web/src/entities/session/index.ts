// The signed-in session: who is signed in on this device, and where a sign-in leads.
export { SESSION_STORAGE_KEY, clearSession, getSession, reloadSessionFromStorage, setSession, updateSessionUser, useSession } from './session';
export { defaultAppPath, postLoginDestination, readFromState, type SavedLocation } from './post-login';
