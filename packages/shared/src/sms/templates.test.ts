import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../languages';
import { LIMITS, THREATS } from '../constants';
import { ALERTS_CATALOG } from '../locales/alerts';
import { smsSize } from './segments';
import {
  SMS_SEGMENTS_MAX,
  SMS_TEMPLATES,
  SMS_TEMPLATE_NAMES,
  SMS_VARIABLE_MAX,
  dltTemplateText,
  fillSmsTemplate,
  smsTemplateText,
  smsTemplateVariables,
  type SmsTemplateName,
} from './templates';

/** Names longer than any variable may be, in each script a contact's name may be written in. */
const LONG_NAMES = ['Venkatanarasimharajuvaripetaaaaaaaa', 'अनन्यालक्ष्मीप्रियदर्शिनीसुब्रमण्यम्', 'ભાગ્યલક્ષ્મીપ્રિયદર્શિનીચંદ્રિકાબેન', 'W'.repeat(40)];
/** The longest link a configured PUBLIC_URL may give (the server refuses to start otherwise). */
const LONGEST_LINK = `saathi.example/t/${'x'.repeat(SMS_VARIABLE_MAX - 'saathi.example/t/'.length)}`;

/** Every worst-case filling of a template: each long name, each threat word of the language. */
function worstCases(name: SmsTemplateName, language: (typeof LANGUAGES)[number]) {
  const kinds = SMS_TEMPLATES[name].variables as Record<string, string>;
  const threats = [...THREATS, 'none'].map((t) => (ALERTS_CATALOG[language].threat as Record<string, string>)[t] as string);
  const cases: Record<string, string>[] = [];
  for (const person of LONG_NAMES) {
    for (const threat of threats) {
      const values: Record<string, string> = {};
      for (const key of Object.keys(kinds)) {
        values[key] = key === 'name' ? person : key === 'threat' ? threat : key === 'link' ? LONGEST_LINK : key === 'code' ? '042917' : '10';
      }
      cases.push(values);
    }
  }
  return cases;
}

describe('SMS templates', () => {
  for (const name of SMS_TEMPLATE_NAMES) {
    for (const language of LANGUAGES) {
      it(`${name} in ${language}: every variable at most ${SMS_VARIABLE_MAX} characters, at most ${SMS_SEGMENTS_MAX} SMS`, () => {
        for (const values of worstCases(name, language)) {
          const message = fillSmsTemplate('9876543210', name, language, values as never);
          for (const [key, value] of Object.entries(message.template.variables)) {
            expect(value.length, `${name}.${language} ${key}=${value}`).toBeLessThanOrEqual(SMS_VARIABLE_MAX);
          }
          const size = smsSize(message.text);
          expect(size.segments, `${name}.${language}: ${message.text} (${size.encoding}, ${size.units})`).toBeLessThanOrEqual(SMS_SEGMENTS_MAX);
        }
      });
    }

    it(`${name} names the same variables in every language, as it declares them`, () => {
      const declared = Object.keys(SMS_TEMPLATES[name].variables).sort();
      for (const language of LANGUAGES) expect(smsTemplateVariables(name, language).sort(), language).toEqual(declared);
    });
  }

  it('says how long a code lasts as LIMITS does', () => {
    const minutes = LIMITS.otpTtlSeconds / 60;
    expect(fillSmsTemplate('9876543210', 'loginCode', 'en-US', { code: '042917' }).text).toBe(
      `Your Saathi login code is 042917. It expires in ${minutes} minutes. Do not share it with anyone.`,
    );
    for (const language of LANGUAGES) {
      for (const name of ['loginCode', 'deletionCode'] as const) expect(smsTemplateText(name, language), `${name}.${language}`).toContain(` ${minutes} `);
    }
  });

  it('has a text for every template and no text without a template', () => {
    for (const language of LANGUAGES) expect(Object.keys(ALERTS_CATALOG[language].sms).sort()).toEqual([...SMS_TEMPLATE_NAMES].sort());
  });

  it('fills the registered text exactly: only the variables differ', () => {
    const message = fillSmsTemplate('9876543210', 'sosContact', 'hi-IN', { name: 'Priya Sharma', threat: 'आग', link: 'saathi.example/t/abcDEF123456' });
    expect(message.text).toBe('Priya Sharma का SOS (आग)। लाइव लोकेशन: saathi.example/t/abcDEF123456 जवाब न मिले तो 112 पर कॉल करें।');
    expect(dltTemplateText('sosContact', 'hi-IN')).toBe('{#var#} का SOS ({#var#})। लाइव लोकेशन: {#var#} जवाब न मिले तो 112 पर कॉल करें।');
    expect(message.template).toEqual({
      name: 'sosContact',
      language: 'hi-IN',
      variables: { name: 'Priya Sharma', threat: 'आग', link: 'saathi.example/t/abcDEF123456' },
    });
  });

  it('cuts a long name between letters, never inside a conjunct', () => {
    const message = fillSmsTemplate('9876543210', 'sosAllClear', 'hi-IN', { name: LONG_NAMES[1] as string });
    const name = message.template.variables.name as string;
    expect(name.length).toBeLessThanOrEqual(SMS_VARIABLE_MAX);
    expect(LONG_NAMES[1]?.startsWith(name)).toBe(true);
    expect(name.endsWith('\u094D')).toBe(false);
  });

  it('says "your contact" for a person without a name that may be quoted', () => {
    expect(fillSmsTemplate('9876543210', 'sosAllClear', 'en-US', { name: '' }).text).toMatch(/^All clear: your contact cancelled/);
    expect(fillSmsTemplate('9876543210', 'timerAllClear', 'gu-IN', { name: '  ' }).template.variables.name).toBe(ALERTS_CATALOG['gu-IN'].yourContact);
  });

  it('keeps line breaks and control characters out of the registered layout', () => {
    expect(fillSmsTemplate('9876543210', 'sosAllClear', 'en-US', { name: 'Priya\nCall 999' }).text).toBe(
      'All clear: Priya Call 999 cancelled the SOS alert. No help is needed now. -Saathi',
    );
  });

  it('refuses a link or code that does not fit rather than sending what a carrier would drop', () => {
    expect(() => fillSmsTemplate('9876543210', 'timerOverdue', 'en-US', { name: 'Asha', link: `https://${'x'.repeat(40)}` })).toThrow(/link must be 1 to 30/);
    expect(() => fillSmsTemplate('9876543210', 'loginCode', 'en-US', { code: '' })).toThrow(/code must be/);
    expect(() => fillSmsTemplate('9876543210', 'sosAllClear', 'en-US', {} as never)).toThrow(/name is missing/);
  });

  it('every template text is plain: one line, no brace but its placeholders', () => {
    for (const name of SMS_TEMPLATE_NAMES) {
      for (const language of LANGUAGES) {
        const text = smsTemplateText(name, language);
        expect(text.replace(/\{\{\s*\w+\s*\}\}/g, ''), `${name}.${language}`).not.toMatch(/[\n\r{}]/);
      }
    }
  });
});

describe('SMS size', () => {
  it('counts GSM-7 septets, extension characters twice', () => {
    expect(smsSize('a'.repeat(160))).toEqual({ encoding: 'gsm7', units: 160, segments: 1 });
    expect(smsSize('a'.repeat(161))).toEqual({ encoding: 'gsm7', units: 161, segments: 2 });
    expect(smsSize(`${'a'.repeat(159)}€`)).toEqual({ encoding: 'gsm7', units: 161, segments: 2 });
    expect(smsSize('a'.repeat(307)).segments).toBe(3);
  });

  it('sends anything outside GSM-7 as UCS-2: 70 units, then 67 per part', () => {
    expect(smsSize('क'.repeat(70))).toEqual({ encoding: 'ucs2', units: 70, segments: 1 });
    expect(smsSize(`${'a'.repeat(70)}क`)).toEqual({ encoding: 'ucs2', units: 71, segments: 2 });
    expect(smsSize('क'.repeat(134)).segments).toBe(2);
    expect(smsSize('क'.repeat(135)).segments).toBe(3);
    expect(smsSize('😀').units).toBe(2);
  });
});
