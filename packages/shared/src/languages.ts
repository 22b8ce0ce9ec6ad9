/** Languages the app is offered in (SPEC.md §1). */
export const LANGUAGES = ['en-US', 'hi-IN', 'gu-IN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-US';

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** News articles carry the bare language code of the app language they are written in. */
export const NEWS_LANGUAGES = ['en', 'hi', 'gu'] as const;
export type NewsLanguage = (typeof NEWS_LANGUAGES)[number];

export function isNewsLanguage(value: string): value is NewsLanguage {
  return (NEWS_LANGUAGES as readonly string[]).includes(value);
}

/** The news language of an app language ('hi-IN' reads 'hi' news). */
export function newsLanguageOf(language: Language): NewsLanguage {
  return language.slice(0, 2) as NewsLanguage;
}

/** Each language in its own script, readable whatever the UI language (pickers). */
export const LANGUAGE_NATIVE_NAMES: Record<NewsLanguage, string> = { en: 'English', hi: 'हिन्दी', gu: 'ગુજરાતી' };

/**
 * The language a reader gets news in: the app language's while news follows the app (the
 * default), else the news language picked on purpose; English when neither is one we publish.
 */
export function readerNewsLanguage(followAppLanguage: boolean, picked: string, appLanguage: string): NewsLanguage {
  if (followAppLanguage && isLanguage(appLanguage)) return newsLanguageOf(appLanguage);
  if (isNewsLanguage(picked)) return picked;
  return isLanguage(appLanguage) ? newsLanguageOf(appLanguage) : 'en';
}
