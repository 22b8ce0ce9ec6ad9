/**
 * Navigation for code outside React components (the API client's 401 handling, logout).
 * The router registers itself at start-up; before that (or in tests) a full page load is used.
 */
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

type Navigator = (path: string, options?: NavigateOptions) => void;

let navigator: Navigator | null = null;

export function setNavigator(next: Navigator | null): void {
  navigator = next;
}

export function navigateTo(path: string, options?: NavigateOptions): void {
  if (navigator) navigator(path, options);
  else if (typeof window !== 'undefined') window.location.assign(path);
}

/** Path, query and hash of the page being shown, to come back to it later. */
export function currentLocation(): { pathname: string; search: string; hash: string } {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}
