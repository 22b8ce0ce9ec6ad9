import type { User } from '@saathi/shared';

export interface SavedLocation {
  pathname: string;
  search?: string;
  hash?: string;
}

/** Where a page sent an anonymous user from: kept in router state as `{ from }`. */
export function readFromState(state: unknown): SavedLocation | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'object' || from === null) return null;
  const { pathname, search, hash } = from as Record<string, unknown>;
  // Only same-site paths: '//host' would be a protocol-relative URL to another site.
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) return null;
  return {
    pathname,
    search: typeof search === 'string' ? search : '',
    hash: typeof hash === 'string' ? hash : '',
  };
}

/** SPEC.md §2: news → /news, community → /comunity-post, astroai → /astro-ai (flag) else /, else /. */
export function defaultAppPath(defaultApp: string, astroEnabled: boolean): string {
  switch (defaultApp) {
    case 'news':
      return '/news';
    case 'community':
      return '/comunity-post';
    case 'astroai':
      return astroEnabled ? '/astro-ai' : '/';
    default:
      return '/';
  }
}

/**
 * Where to go after a successful login: the profile stepper until the profile is complete,
 * else the page the user was sent away from, else the user's default app.
 */
export function postLoginDestination(
  user: Pick<User, 'profileCompleted' | 'defaultApp'>,
  from: SavedLocation | null,
  options: { astroEnabled: boolean },
): string {
  if (!user.profileCompleted) return '/profile';
  if (from && !from.pathname.startsWith('/login')) return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  return defaultAppPath(user.defaultApp, options.astroEnabled);
}
