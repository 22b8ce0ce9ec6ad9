import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { User } from '@saathi/shared';
import { onUnauthorized } from '../../lib/api-client';

/**
 * localStorage key holding `{user}` as JSON (shared with e2e tests): who is signed in, so
 * the app can draw their screens at once. The credential itself is the HttpOnly session
 * cookie the server set at login, which no script of the page can read; the first 401
 * clears this record (api-client).
 */
export const SESSION_STORAGE_KEY = 'saathi.session';

export interface Session {
  user: User;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: Session | null = readStoredSession();

function readStoredSession(): Session | null {
  try {
    const raw = globalThis.localStorage?.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    // Only the user is kept: a token stored by an older version of the app is dropped.
    if (isSession(parsed)) return { user: parsed.user };
  } catch {
    // Corrupt or unavailable storage: start signed out rather than crash the app.
  }
  return null;
}

function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { user?: unknown };
  return typeof candidate.user === 'object' && candidate.user !== null && typeof (candidate.user as { id?: unknown }).id === 'number';
}

function write(next: Session | null): void {
  current = next;
  try {
    if (next) localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(next));
    else localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Private mode or full storage: the session still lives for this tab.
  }
  for (const listener of listeners) listener();
}

/** The current session outside React. */
export function getSession(): Session | null {
  return current;
}

/** After a login: the server has set the session cookie; remember who it belongs to. */
export function setSession(user: User): void {
  write({ user });
}

/** Replaces the stored user. Ignored when signed out. */
export function updateSessionUser(user: User): void {
  if (current) write({ user });
}

export function clearSession(): void {
  if (current) write(null);
}

// Any 401 from the API ends the session this tab remembers (the api client then asks for a login).
onUnauthorized(clearSession);

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab logging in or out changes what this tab may show.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== SESSION_STORAGE_KEY) return;
    current = readStoredSession();
    for (const listener of listeners) listener();
  });
}

export interface UseSessionResult {
  user: User | null;
  isLoggedIn: boolean;
  setSession: (user: User) => void;
  updateUser: (user: User) => void;
  logout: () => void;
}

export function useSession(): UseSessionResult {
  const session = useSyncExternalStore(subscribe, getSession, getSession);
  const logout = useCallback(() => clearSession(), []);
  return useMemo(
    () => ({
      user: session?.user ?? null,
      isLoggedIn: session !== null,
      setSession,
      updateUser: updateSessionUser,
      logout,
    }),
    [session, logout],
  );
}

/** Test helper: re-reads storage (tests change localStorage between cases). */
export function reloadSessionFromStorage(): void {
  current = readStoredSession();
  for (const listener of listeners) listener();
}
