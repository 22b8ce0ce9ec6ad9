import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { formatDocumentTitle, pageTitleOverride, routeTitleKey, subscribeToPageTitle } from '../lib/page-title';

/**
 * Keeps `document.title` as "<page> · <app>" in the UI language: the page's name from the matched
 * route's `handle.titleKey` (or a screen's usePageTitle), updated on navigation and language change.
 */
export function useDocumentTitle(): void {
  // Never suspends: until the small `titles` file is loaded, the tab keeps its current title.
  const { t, ready } = useTranslation('titles', { useSuspense: false });
  const matches = useMatches();
  const override = useSyncExternalStore(subscribeToPageTitle, pageTitleOverride, pageTitleOverride);
  const key = routeTitleKey(matches);
  const title = ready ? formatDocumentTitle(t('common:appName'), override ?? (key ? t(key) : null)) : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}

/** Rendered once, in the root shell. */
export function DocumentTitle() {
  useDocumentTitle();
  return null;
}
