import { NEWS_CATEGORIES, type NewsCategory, type NewsPreferences } from '@saathi/shared';
import { isNewsLanguage, newsLanguageOf, type NewsLanguage } from '@saathi/shared/languages';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isAppLanguage } from '../../i18n/languages';
import { useSession } from '../../entities/session';
import { useMeQuery, useUpdateMeMutation } from '../../entities/user';

/** What the news screens ask the server for: `GET /news?language=&category=&type=`. */
export interface ReaderPreferences {
  /** The language news is read in (the app language's while `followAppLanguage`). */
  language: NewsLanguage;
  /** News follows the app's language until the reader picks one on purpose. */
  followAppLanguage: boolean;
  categories: NewsCategory[];
  newsType: 'all' | 'breaking';
}

/** A guest's choice, kept on this device (signed-in readers keep theirs on their profile). */
export const GUEST_NEWS_PREFERENCES_KEY = 'saathi.newsPreferences';

const isCategory = (value: string): value is NewsCategory => (NEWS_CATEGORIES as readonly string[]).includes(value);

/**
 * The stored preferences as the news API takes them. News follows the app's language
 * (`appLanguage`, the news language of the language the app shows now) unless the reader
 * picked one on purpose (`followAppLanguage: false`). Choices saved on a device before that
 * flag existed follow the app too, unless they name a language other than English and the
 * app's, which only a pick could have set. Unknown categories are left out of the query (the
 * profile keeps them); a news type other than `breaking` (older values such as `local`) reads
 * as all news.
 */
export function readerPreferencesOf(stored: Partial<NewsPreferences> | null | undefined, appLanguage: NewsLanguage): ReaderPreferences {
  const picked = typeof stored?.language === 'string' && isNewsLanguage(stored.language) ? stored.language : undefined;
  const followAppLanguage = picked === undefined || (stored?.followAppLanguage ?? (picked === 'en' || picked === appLanguage));
  const categories = Array.isArray(stored?.categories) ? [...new Set(stored.categories.filter(isCategory))] : [];
  return {
    language: followAppLanguage ? appLanguage : picked,
    followAppLanguage,
    categories,
    newsType: stored?.newsType === 'breaking' ? 'breaking' : 'all',
  };
}

const guestListeners = new Set<() => void>();
let guestCache: { raw: string | null; value: Partial<NewsPreferences> | null } = { raw: null, value: null };

function readGuestPreferences(): Partial<NewsPreferences> | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(GUEST_NEWS_PREFERENCES_KEY);
  } catch {
    // Storage disabled: a guest reads with the defaults.
  }
  if (raw === guestCache.raw) return guestCache.value;
  let value: Partial<NewsPreferences> | null;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    value = typeof parsed === 'object' && parsed !== null ? parsed : null;
  } catch {
    value = null;
  }
  guestCache = { raw, value };
  return value;
}

export function saveGuestPreferences(preferences: ReaderPreferences): void {
  try {
    localStorage.setItem(GUEST_NEWS_PREFERENCES_KEY, JSON.stringify(preferences));
  } catch {
    // Storage full or disabled: the choice lasts until the page is left.
    guestCache = { raw: JSON.stringify(preferences), value: preferences };
  }
  for (const listener of guestListeners) listener();
}

function subscribeGuest(listener: () => void): () => void {
  guestListeners.add(listener);
  return () => guestListeners.delete(listener);
}

/**
 * The reader's news preferences and how to change them: a signed-in reader's live on the
 * profile (`PATCH /users/me {newsPreferences}`, the same field the Account screen edits), a
 * guest's on this device. Until the reader picks a news language, news follows the language
 * the app shows now (also in the moment before the profile has heard of a switch).
 */
export function useNewsPreferences() {
  const { i18n } = useTranslation();
  const { isLoggedIn, user } = useSession();
  const me = useMeQuery();
  const update = useUpdateMeMutation();
  const guest = useSyncExternalStore(subscribeGuest, readGuestPreferences, () => null);
  const appLanguage = i18n.resolvedLanguage ?? i18n.language;
  const appNewsLanguage: NewsLanguage = isAppLanguage(appLanguage) ? newsLanguageOf(appLanguage) : 'en';

  const profile = isLoggedIn ? (me.data ?? user)?.newsPreferences : undefined;
  const preferences = readerPreferencesOf(isLoggedIn ? profile : guest, appNewsLanguage);

  const { mutateAsync } = update;
  const save = useCallback(
    async (next: ReaderPreferences): Promise<void> => {
      if (!isLoggedIn) {
        saveGuestPreferences(next);
        return;
      }
      // Categories this app does not offer stay on the profile, as the Account screen keeps them.
      const kept = (profile?.categories ?? []).filter((category) => !isCategory(category));
      await mutateAsync({
        newsPreferences: {
          language: next.language,
          followAppLanguage: next.followAppLanguage,
          categories: [...next.categories, ...kept],
          newsType: next.newsType,
        },
      });
    },
    [isLoggedIn, profile, mutateAsync],
  );

  return { preferences, appLanguage: appNewsLanguage, save, saving: update.isPending };
}
