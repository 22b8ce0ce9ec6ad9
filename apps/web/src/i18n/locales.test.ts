import { describe, expect, it } from 'vitest';

type Json = Record<string, unknown>;
// The app's own namespaces and those shared with the server (packages/shared/src/locales), as i18n/index.ts loads them.
const files = import.meta.glob<Json>(['./locales/*/*.json', '../../../../packages/shared/src/locales/*/*.json'], { eager: true, import: 'default' });
const LANGUAGES = ['en-US', 'hi-IN', 'gu-IN'] as const;

/** Flattens a resource into `path → string` (arrays by index, e.g. `terms.sections.0.heading`). */
function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(path, leaf);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

function byLanguage(language: string): Map<string, Json> {
  const namespaces = new Map<string, Json>();
  for (const [path, content] of Object.entries(files)) {
    const [, lang, file] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    if (lang === language && file) namespaces.set(file, content);
  }
  return namespaces;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/**
 * i18next picks a plural form by `count` with Intl.PluralRules of the language, from keys
 * `<base>_<category>`. English, Hindi and Gujarati all have the categories `one` and `other`
 * (Hindi and Gujarati count 0 as `one`), so today every language has the same keys; a
 * language with other categories (e.g. `few`, `many`) would need exactly its own.
 */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const pluralBase = (key: string) => key.replace(PLURAL_SUFFIX, '');
const pluralCategories = (language: string) => [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();

/** The keys `language` must have: English's plain keys, and each English plural family in the language's own categories. */
function expectedKeys(reference: Map<string, unknown>, language: string): string[] {
  const keys = new Set<string>();
  for (const key of reference.keys()) {
    if (PLURAL_SUFFIX.test(key)) for (const category of pluralCategories(language)) keys.add(`${pluralBase(key)}_${category}`);
    else keys.add(key);
  }
  return [...keys].sort();
}

/**
 * Strings with `{{count}}` that are not a quantity of something (a ratio, a '+N' badge), so
 * they need no plural forms. Anything else counted must go through plural keys.
 */
const COUNT_WITHOUT_PLURAL = new Set(['community-create:photos.add', 'community:card.morePhotos']);
/** Words that follow a number in English texts built without plural rules ("Cart ({{count}} items)"). */
const COUNTED_NOUN =
  /\{\{\s*\w+\s*\}\}\s+(items|posts|likes|comments|shares|volunteers|contacts|photos|characters|locations|seconds|minutes|hours|days|weeks|months|years|people|times|stars|kilometres|metres)\b/;

const english = byLanguage('en-US');

describe('translations', () => {
  it('has the namespaces the shell needs', () => {
    expect([...english.keys()]).toEqual(expect.arrayContaining(['auth', 'common', 'dashboard', 'nav', 'pages']));
  });

  it('has the catalog shared with the server, and no app namespace of the same name', () => {
    const paths = Object.keys(files).filter((path) => path.endsWith('/en-US/alerts.json'));
    expect(paths).toEqual([expect.stringContaining('packages/shared/src/locales/en-US/alerts.json')]);
    const names = Object.keys(files).map((path) => /\/locales\/([^/]+\/[^/]+)\.json$/.exec(path)?.[1]);
    expect(new Set(names).size).toBe(names.length);
  });

  for (const language of LANGUAGES) {
    it(`${language} has exactly the same namespaces as en-US`, () => {
      expect([...byLanguage(language).keys()].sort()).toEqual([...english.keys()].sort());
    });
  }

  for (const namespace of [...english.keys()].sort()) {
    describe(`namespace ${namespace}`, () => {
      const reference = flatten(english.get(namespace));

      for (const language of LANGUAGES) {
        const resource = byLanguage(language).get(namespace);
        const flat = flatten(resource);

        it(`${language} has the same keys as en-US, plural families in its own plural categories`, () => {
          expect([...flat.keys()].sort()).toEqual(expectedKeys(reference, language));
        });

        it(`${language} has only non-empty strings with the same placeholders`, () => {
          for (const [key, text] of flat) {
            expect(typeof text, `${language}/${namespace}:${key}`).toBe('string');
            expect((text as string).trim(), `${language}/${namespace}:${key}`).not.toBe('');
            // A plural form is compared with English's form of the same category, else its `other` form.
            const englishText = reference.get(key) ?? reference.get(`${pluralBase(key)}_other`);
            if (typeof englishText === 'string') {
              expect(placeholders(text as string), `${language}/${namespace}:${key}`).toEqual(placeholders(englishText));
            }
          }
        });

        it(`${language} counts only through plural forms`, () => {
          const plainKeys = new Set([...flat.keys()].filter((key) => !PLURAL_SUFFIX.test(key)));
          for (const [key, text] of flat) {
            const where = `${language}/${namespace}:${key}`;
            if (PLURAL_SUFFIX.test(key)) {
              // The number shows in the general form, and no stale plain key shadows the family.
              if (key.endsWith('_other')) expect(placeholders(text as string), where).toContain('count');
              expect(plainKeys.has(pluralBase(key)), `${where}: both a plain key and plural forms`).toBe(false);
            } else if (!COUNT_WITHOUT_PLURAL.has(`${namespace}:${key}`)) {
              expect(placeholders(text as string), `${where}: {{count}} without plural forms`).not.toContain('count');
            }
          }
        });
      }
    });
  }

  it('builds no English count text without plural rules ("{{n}} items")', () => {
    for (const [namespace, resource] of english) {
      for (const [key, text] of flatten(resource)) {
        if (!PLURAL_SUFFIX.test(key)) expect(COUNTED_NOUN.test(text as string), `en-US/${namespace}:${key}: "${String(text)}"`).toBe(false);
      }
    }
  });

  it('uses the plural categories i18next will ask for', () => {
    // If a language gained other categories, expectedKeys() would demand them.
    for (const language of LANGUAGES) expect(pluralCategories(language), language).toEqual(['one', 'other']);
  });

  it('Hindi and Gujarati are really translated (in their own scripts)', () => {
    const devanagari = /[\u0900-\u097F]/;
    const gujarati = /[\u0A80-\u0AFF]/;
    for (const [language, script] of [
      ['hi-IN', devanagari],
      ['gu-IN', gujarati],
    ] as const) {
      const texts = [...byLanguage(language).values()].flatMap((resource) => [...flatten(resource).values()]);
      const inScript = texts.filter((text) => typeof text === 'string' && script.test(text));
      // Short technical labels such as "SOS" may stay in Latin letters; nearly everything else must not.
      expect(inScript.length / texts.length, language).toBeGreaterThan(0.9);
    }
  });
});
