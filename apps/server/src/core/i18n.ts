import { createInstance, type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '@saathi/shared';
import { ALERTS_CATALOG, ALERTS_NAMESPACE } from '@saathi/shared/alerts';

/**
 * Texts the server sends (push, SMS, in-app notifications) in the recipient's language, from
 * the `alerts` catalog of packages/shared/src/locales that the web app shows too. One i18next
 * instance with every language in memory: rendering never waits for a load.
 */
const i18n = createInstance();
void i18n.init({
  resources: Object.fromEntries(LANGUAGES.map((language) => [language, { [ALERTS_NAMESPACE]: ALERTS_CATALOG[language] }])),
  initAsync: false,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  load: 'currentOnly',
  ns: [ALERTS_NAMESPACE],
  defaultNS: ALERTS_NAMESPACE,
  // Plain text (SMS, push, JSON): nothing to escape.
  interpolation: { escapeValue: false },
  returnNull: false,
});

export type AlertsT = TFunction<typeof ALERTS_NAMESPACE>;

const translators = new Map<Language, AlertsT>();

/** The `alerts` texts in `language`. */
export function alertsT(language: Language): AlertsT {
  let t = translators.get(language);
  if (!t) {
    t = i18n.getFixedT<typeof ALERTS_NAMESPACE>(language, ALERTS_NAMESPACE);
    translators.set(language, t);
  }
  return t;
}

/** The first of `candidates` that is an app language (users.language is free text in the database), else English. */
export function languageOf(...candidates: readonly unknown[]): Language {
  return candidates.find(isLanguage) ?? DEFAULT_LANGUAGE;
}

/**
 * The app language an `Accept-Language` header prefers, if it names one of them: by q-value,
 * a bare 'hi' or 'gu' counting as that language ('en' as en-US). Null otherwise.
 */
export function acceptedLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const exact = LANGUAGES.find((language) => language.toLowerCase() === tag);
    if (exact) return exact;
    const base = LANGUAGES.find((language) => language.slice(0, 2) === tag.split('-')[0]);
    if (base) return base;
  }
  return null;
}
