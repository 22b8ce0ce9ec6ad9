import type { Language } from '@saathi/shared';

/** The three app languages (same as `LANGUAGES` in @saathi/shared), with their own names. */
export const APP_LANGUAGES: readonly { code: Language; nativeName: string }[] = [
  { code: 'en-US', nativeName: 'English' },
  { code: 'hi-IN', nativeName: 'हिन्दी' },
  { code: 'gu-IN', nativeName: 'ગુજરાતી' },
];

export const FALLBACK_LANGUAGE: Language = 'en-US';

/** localStorage key of the chosen language (kept even when signed out). */
export const LANGUAGE_STORAGE_KEY = 'saathi.language';

export function isAppLanguage(value: unknown): value is Language {
  return APP_LANGUAGES.some((language) => language.code === value);
}

export function readStoredLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isAppLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage unavailable: the choice lasts for this visit only.
  }
}
