import { useEffect } from 'react';
import type { UIMatch } from 'react-router';
import type englishTitles from '../i18n/locales/en-US/titles.json';

/**
 * Page names in the tab title ("SOS · Saathi"). Routes declare theirs in `handle`
 * (routes.tsx); `<DocumentTitle>` (document-title.tsx, loaded after the first paint so the SOS
 * dashboard's JS does not grow) writes `document.title` in the UI language.
 */

/** A key of the `titles` namespace (locales/<language>/titles.json): one page's name. */
export type TitleKey = keyof typeof englishTitles;

/** What a route declares in `handle`. */
export interface RouteHandle {
  titleKey: TitleKey;
}

/** Between the page's name and the app's: "SOS · Saathi". */
export const TITLE_SEPARATOR = ' · ';

/** "<page> · <app>", or the bare app name when the page has no name. */
export function formatDocumentTitle(appName: string, pageName?: string | null): string {
  const page = pageName?.trim();
  return page ? `${page}${TITLE_SEPARATOR}${appName}` : appName;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as { titleKey?: unknown }).titleKey === 'string';
}

/** The title key of the deepest matched route that declares one. */
export function routeTitleKey(matches: readonly Pick<UIMatch, 'handle'>[]): TitleKey | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle.titleKey;
  }
  return undefined;
}

// Screens whose name is their content (an article) replace the route's name while they are
// shown. A stack, so a screen leaving never wipes the name of the one that replaced it.
let overrides: readonly { owner: object; title: string }[] = [];
const listeners = new Set<() => void>();

export function subscribeToPageTitle(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The name a mounted screen gave itself with usePageTitle, if any. */
export function pageTitleOverride(): string | null {
  return overrides.at(-1)?.title ?? null;
}

function setOverrides(next: typeof overrides): void {
  overrides = next;
  for (const listener of listeners) listener();
}

/**
 * For a screen with its own name (a news article's headline): shown in the tab title instead of
 * the route's name while the screen is mounted. Pass null until the name is known.
 */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    const text = title?.trim();
    if (!text) return;
    const owner = {};
    setOverrides([...overrides, { owner, title: text }]);
    return () => setOverrides(overrides.filter((entry) => entry.owner !== owner));
  }, [title]);
}
