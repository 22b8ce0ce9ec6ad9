import { describe, expect, it } from 'vitest';

type Json = Record<string, unknown>;
const files = import.meta.glob<Json>('./locales/*/*.json', { eager: true, import: 'default' });
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
    const [, lang, file] = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    if (lang === language && file) namespaces.set(file, content);
  }
  return namespaces;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const english = byLanguage('en-US');

describe('translations', () => {
  it('has the namespaces the shell needs', () => {
    expect([...english.keys()]).toEqual(expect.arrayContaining(['auth', 'common', 'dashboard', 'nav', 'pages']));
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

        it(`${language} has identical keys`, () => {
          expect([...flat.keys()].sort()).toEqual([...reference.keys()].sort());
        });

        it(`${language} has only non-empty strings with the same placeholders`, () => {
          for (const [key, text] of flat) {
            expect(typeof text, `${language}/${namespace}:${key}`).toBe('string');
            expect((text as string).trim(), `${language}/${namespace}:${key}`).not.toBe('');
            const englishText = reference.get(key);
            if (typeof englishText === 'string') {
              expect(placeholders(text as string), `${language}/${namespace}:${key}`).toEqual(placeholders(englishText));
            }
          }
        });
      }
    });
  }

  it('Hindi and Gujarati are really translated (in their own scripts)', () => {
    const devanagari = /[\u0900-\u097F]/;
    const gujarati = /[\u0A80-\u0AFF]/;
    for (const [language, script] of [['hi-IN', devanagari], ['gu-IN', gujarati]] as const) {
      const texts = [...byLanguage(language).values()].flatMap((resource) => [...flatten(resource).values()]);
      const inScript = texts.filter((text) => typeof text === 'string' && script.test(text));
      // Short technical labels such as "SOS" may stay in Latin letters; nearly everything else must not.
      expect(inScript.length / texts.length, language).toBeGreaterThan(0.9);
    }
  });
});
