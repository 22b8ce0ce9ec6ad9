/**
 * The texts of the early SOS (early-sos.ts), taken at build time from the app's own locale
 * files so the inline screen says exactly what the React dashboard says, in every language.
 * Keys are `namespace:path` for `common` and `errors`, a bare path for `dashboard` (as the panel
 * uses them).
 * i18n/used-keys.test.ts does not see these keys (the script has no `t()`): pickEarlyTexts
 * checks them instead, failing the build and the tests on a key a locale file lacks.
 */
export const EARLY_LANGUAGES = ['en-US', 'hi-IN', 'gu-IN'] as const;
export type EarlyLanguage = (typeof EARLY_LANGUAGES)[number];

export const EARLY_TEXT_KEYS = [
  'common:appName',
  'common:call112',
  'greeting',
  'greetingNamed',
  'subtitle',
  'emergency.body',
  'threats.medical',
  'threats.fire',
  'threats.accident',
  'threats.harassment',
  'threats.theft',
  'threats.other',
  'sos.heading',
  'sos.button',
  'sos.press',
  'sos.sending',
  'sos.hint_one',
  'sos.hint_other',
  'sos.hintNow',
  'sos.countdownLabel',
  'sos.cancel',
  'sos.threatQuestion',
  'sos.contactsOnly',
  'sos.contactsOnlyHelp',
  'sos.activeTitle',
  'sos.activeBody',
  'offline.title',
  'offline.body',
  'offline.noPositionTitle',
  'offline.noPositionBody',
  'offline.coordinates',
  'offline.lastKnown',
  'offline.sendSms_one',
  'offline.sendSms_other',
  'offline.sendSmsNoContacts',
  'offline.dismiss',
  'offline.message',
  'offline.messageNoLocation',
  // What POST /api/sos can refuse with (its own code and the common ones), as lib/error-text.ts words them.
  'errors:sos_rate_limited',
  'errors:unauthorized',
  'errors:validation_error',
  'errors:starting',
  'errors:internal_error',
  'errors:unknown',
  'errors:aMoment',
] as const;

export type EarlyTextKey = (typeof EARLY_TEXT_KEYS)[number];
export type EarlyTexts = Record<EarlyTextKey, string>;
export type EarlyCatalog = Record<EarlyLanguage, EarlyTexts>;

type Json = Record<string, unknown>;

function lookUp(namespace: Json, path: string): unknown {
  let value: unknown = namespace;
  for (const part of path.split('.')) value = value && typeof value === 'object' ? (value as Json)[part] : undefined;
  return value;
}

/** The early texts of one language from its `common`, `dashboard` and `errors` namespaces; a missing key is an error. */
export function pickEarlyTexts(language: string, namespaces: { common: Json; dashboard: Json; errors: Json }): EarlyTexts {
  const texts = {} as EarlyTexts;
  for (const key of EARLY_TEXT_KEYS) {
    const [namespace, path] = /^(common|errors):/.test(key) ? (key.split(':', 2) as ['common' | 'errors', string]) : (['dashboard', key] as const);
    const value = lookUp(namespaces[namespace], path);
    if (typeof value !== 'string') throw new Error(`early SOS: ${language} has no text ${namespace}:${path}`);
    texts[key] = value;
  }
  return texts;
}
