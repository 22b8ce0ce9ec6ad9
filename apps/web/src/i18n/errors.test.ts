import { describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '@saathi/shared/errors';
import { ApiError } from '../lib/api-client';
import { errorText, errorTextKey } from '../lib/error-text';
import { waitText } from '../lib/wait-text';
import { i18next, initI18n } from '.';

type Texts = Record<string, unknown>;
const files = import.meta.glob<Texts>('./locales/*/errors.json', { eager: true, import: 'default' });
const LANGUAGES = ['en-US', 'hi-IN', 'gu-IN'] as const;
const textsOf = (language: string) => files[`./locales/${language}/errors.json`] ?? {};
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const CODES = Object.keys(ERROR_CODES) as ErrorCode[];
/** The app's own texts besides the API's codes. */
const APP_KEYS = ['network_error', 'unknown', 'aMoment'];

describe('the errors namespace', () => {
  for (const language of LANGUAGES) {
    it(`${language} has a non-empty text for every ErrorCode, network_error and unknown`, () => {
      const texts = textsOf(language);
      for (const key of [...CODES, ...APP_KEYS]) {
        expect(typeof texts[key], `${language}: ${key}`).toBe('string');
        expect((texts[key] as string).trim(), `${language}: ${key}`).not.toBe('');
      }
    });

    it(`${language} has nothing but those keys, with the same params as English`, () => {
      const texts = textsOf(language);
      expect(Object.keys(texts).sort()).toEqual([...CODES, ...APP_KEYS].sort());
      for (const [key, text] of Object.entries(texts)) {
        expect(placeholders(text as string), `${language}: ${key}`).toEqual(placeholders(textsOf('en-US')[key] as string));
      }
    });
  }

  it('asks only for params the server sends ({{wait}} is worded from seconds)', () => {
    const known = new Set(['wait', 'limit', 'km', 'mb', 'age', 'minutes']);
    for (const text of Object.values(textsOf('en-US'))) for (const name of placeholders(text as string)) expect(known.has(name as string), name).toBe(true);
  });
});

describe('errorText', () => {
  it('picks the text of the code, a general one for network trouble, 5xx and anything else', () => {
    expect(errorTextKey(new ApiError(400, 'incorrect_code', 'Incorrect code'))).toBe('incorrect_code');
    expect(errorTextKey(new ApiError(0, 'NETWORK_ERROR', 'offline'))).toBe('network_error');
    expect(errorTextKey(new ApiError(502, 'HTTP_502', 'Bad Gateway'))).toBe('internal_error');
    expect(errorTextKey(new TypeError('x is undefined'))).toBe('unknown');
  });

  it('words the wait in the language', () => {
    expect(waitText(20, 'en-US')).toBe('20 seconds');
    expect(waitText(1, 'en-US')).toBe('1 second');
    expect(waitText(3000, 'en-US')).toBe('50 minutes');
    expect(waitText(5 * 3600 - 10, 'en-US')).toBe('5 hours');
    expect(waitText(20, 'hi-IN')).toMatch(/^20 \S*सेकंड/);
  });

  it('shows the text in the person’s language with the params filled in', async () => {
    await initI18n('hi-IN');
    await i18next.loadNamespaces('errors');
    const t = i18next.getFixedT('hi-IN');
    expect(errorText(new ApiError(400, 'incorrect_code', 'Incorrect code', 'code'), t, 'hi-IN')).toBe('यह कोड सही नहीं है। SMS जाँचें और फिर से कोशिश करें।');
    const limited = errorText(new ApiError(429, 'too_many_requests', 'Please wait 120 seconds', undefined, { seconds: 120 }), t, 'hi-IN');
    expect(limited).toContain('2 मिनट बाद');
    expect(errorText(new ApiError(429, 'rate_limited', 'wait'), t, 'hi-IN')).toContain('थोड़ी देर बाद');
    expect(errorText(new ApiError(429, 'too_many_requests', 'wait'), t, 'hi-IN')).toContain('थोड़ी देर बाद');
    const en = i18next.getFixedT('en-US');
    await i18next.loadLanguages('en-US');
    expect(errorText(new ApiError(400, 'business_post_too_far', 'far', 'location', { km: 2.5 }), en, 'en-US')).toContain('within 2.5 km');
    expect(errorText(new ApiError(0, 'NETWORK_ERROR', 'offline'), en, 'en-US')).toBe('No connection. Check your internet and try again.');
    // A code this app has no text for (a newer server) reads as the general text, never as the code.
    expect(errorText(new ApiError(418, 'teapot', 'I am a teapot'), t, 'hi-IN')).toBe(errorText(new TypeError('x'), t, 'hi-IN'));
  });
});
