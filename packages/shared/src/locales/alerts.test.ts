import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../languages';
import { THREATS } from '../constants';
import { SOS_DISTANCE_BANDS } from '../schemas/sos';
import { ALERTS_CATALOG } from './alerts';

/** `path → text` of a nested resource. */
function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) for (const [path, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(path, leaf);
  } else {
    out.set(prefix, value);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const english = flatten(ALERTS_CATALOG['en-US']);

/**
 * The texts the server sends and the web app shows (push, SMS, in-app). The server renders
 * them without a human looking, so a key missing in one language, or a placeholder the code
 * does not fill, would reach a phone as a raw key or a literal `{{name}}`.
 */
describe('alerts catalog', () => {
  for (const language of LANGUAGES) {
    const flat = flatten(ALERTS_CATALOG[language]);

    it(`${language} has every key of en-US and no other (en, hi and gu share the plural categories one/other)`, () => {
      expect([...flat.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it(`${language} has non-empty strings with the same interpolation variables as en-US`, () => {
      for (const [key, text] of flat) {
        expect(typeof text, `${language}:${key}`).toBe('string');
        expect((text as string).trim(), `${language}:${key}`).not.toBe('');
        expect(placeholders(text as string), `${language}:${key}`).toEqual(placeholders(english.get(key) as string));
      }
    });
  }

  it('words every threat and every distance band', () => {
    for (const threat of [...THREATS, 'none']) expect(english.has(`threat.${threat}`), threat).toBe(true);
    for (const band of SOS_DISTANCE_BANDS) expect(english.has(`band.${band}`), band).toBe(true);
  });

  it('Hindi and Gujarati are written in their own scripts', () => {
    for (const [language, script] of [
      ['hi-IN', /[\u0900-\u097F]/],
      ['gu-IN', /[\u0A80-\u0AFF]/],
    ] as const) {
      // Every text has words of the language ('SOS' and 'Saathi' may stay in Latin letters).
      const latinOnly = [...flatten(ALERTS_CATALOG[language])].filter(([, text]) => !script.test(text as string)).map(([key]) => key);
      expect(latinOnly, language).toEqual([]);
    }
  });
});
