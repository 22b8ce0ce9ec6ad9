import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_NATIVE_NAMES, LANGUAGES, newsLanguageOf, type Language } from '@saathi/shared/languages';

/** The app languages (`LANGUAGES` in @saathi/shared), with their own names. */
export const APP_LANGUAGES: readonly { code: Language; nativeName: string }[] = LANGUAGES.map((code) => ({
  code,
  nativeName: LANGUAGE_NATIVE_NAMES[newsLanguageOf(code)],
}));

export const FALLBACK_LANGUAGE: Language = DEFAULT_LANGUAGE;

/** localStorage key of the chosen language (kept even when signed out). */
export const LANGUAGE_STORAGE_KEY = 'saathi.language';

export const isAppLanguage: (value: unknown) => value is Language = isLanguage;

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
