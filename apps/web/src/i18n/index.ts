import i18next, { type BackendModule, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@saathi/shared/languages';
import { FALLBACK_LANGUAGE, isAppLanguage, readStoredLanguage, storeLanguage } from './languages';

type Json = Record<string, unknown>;

/**
 * Namespaces the first screen needs ship inside the main bundle in English. Every other
 * namespace, and every Hindi or Gujarati file, is its own small chunk fetched when a screen
 * first asks for it (react-i18next suspends that screen until then). This keeps the JS of the
 * SOS dashboard small. Every JSON file under locales/<language>/ is a namespace, and so is
 * every one under packages/shared/src/locales/<language>/: the texts the server sends too
 * (`alerts`: push, SMS and in-app notifications), one catalog for both.
 */
export const STARTUP_NAMESPACES = ['common', 'nav', 'dashboard'] as const;

const bundled = import.meta.glob<Json>('./locales/en-US/{common,nav,dashboard}.json', { eager: true, import: 'default' });
// The modules themselves, not `import: 'default'`: that option wraps each of the ~100 loaders in
// its own `.then()`, bytes the first screen's JavaScript carries (bench:bundle).
const loaders = import.meta.glob<{ default: Json }>([
  './locales/*/*.json',
  '!./locales/en-US/{common,nav,dashboard}.json',
  '../../../../packages/shared/src/locales/*/*.json',
]);

function parsePath(path: string): { language: string; namespace: string } {
  const [, language = '', namespace = ''] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  return { language, namespace };
}

const englishStartup: ResourceLanguage = {};
for (const [path, content] of Object.entries(bundled)) englishStartup[parsePath(path).namespace] = content;

const loaderByKey = new Map<string, () => Promise<{ default: Json }>>();
for (const [path, load] of Object.entries(loaders)) {
  const { language, namespace } = parsePath(path);
  loaderByKey.set(`${language}/${namespace}`, load);
}

/** Every namespace that exists (from the English files). */
export const NAMESPACES = [
  ...new Set([
    ...Object.keys(englishStartup),
    ...[...loaderByKey.keys()].filter((key) => key.startsWith(`${FALLBACK_LANGUAGE}/`)).map((key) => key.slice(FALLBACK_LANGUAGE.length + 1)),
  ]),
].sort();

/** An i18next backend over Vite's code-split JSON chunks. */
const chunkBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaderByKey.get(`${language}/${namespace}`);
    if (!load) {
      // Unknown pairs (e.g. a namespace not translated yet) resolve empty; English is the fallback.
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

function applyDocumentLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

let initialised: Promise<unknown> | null = null;

/** Starts i18next in the saved language; resolves once that language's start-up texts are loaded. */
export async function initI18n(preferred?: Language | null): Promise<typeof i18next> {
  const language = preferred ?? readStoredLanguage() ?? FALLBACK_LANGUAGE;
  initialised ??= i18next
    .use(chunkBackend)
    .use(initReactI18next)
    .init({
      resources: { [FALLBACK_LANGUAGE]: englishStartup },
      partialBundledLanguages: true,
      lng: FALLBACK_LANGUAGE,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      ns: [...STARTUP_NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  await initialised;
  await changeAppLanguage(language);
  return i18next;
}

/** Loads, switches to and remembers a language; also sets `<html lang>` for screen readers and fonts. */
export async function changeAppLanguage(language: string): Promise<Language> {
  const next = isAppLanguage(language) ? language : FALLBACK_LANGUAGE;
  try {
    // Every namespace already in use must be there before the switch, or screens would flash keys.
    await i18next.loadLanguages(next);
    if (!i18next.hasResourceBundle(next, 'common')) throw new Error(`Could not load ${next}`);
  } catch {
    // Offline before that language was ever cached: stay in the current language.
    return currentLanguage();
  }
  await i18next.changeLanguage(next);
  storeLanguage(next);
  applyDocumentLanguage(next);
  return next;
}

export function currentLanguage(): Language {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return isAppLanguage(language) ? language : FALLBACK_LANGUAGE;
}

export { i18next };
