/**
 * Choices for the user's news preferences (SPEC.md §3: language default 'en', categories,
 * newsType default 'all'). The server stores them as given; these are the values the app offers.
 */
export const NEWS_LANGUAGES = ['en', 'hi', 'gu'] as const;
export type NewsLanguage = (typeof NEWS_LANGUAGES)[number];

export const NEWS_CATEGORIES = [
  'safety',
  'local',
  'india',
  'health',
  'weather',
  'technology',
  'education',
  'business',
  'sports',
  'entertainment',
] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];

export const NEWS_TYPES = ['all', 'local', 'national', 'international'] as const;
export type NewsType = (typeof NEWS_TYPES)[number];

export function isNewsLanguage(value: string): value is NewsLanguage {
  return (NEWS_LANGUAGES as readonly string[]).includes(value);
}

export function isNewsType(value: string): value is NewsType {
  return (NEWS_TYPES as readonly string[]).includes(value);
}
