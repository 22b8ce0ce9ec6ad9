import type { Language } from '@saathi/shared';
import { fillSmsTemplate, type SmsMessage } from '@saathi/shared/sms';
import type { SmsDltSettings } from '../src/core/sms';

/** The languages an SMS goes out in; the gateways' tests send each message in all of them. */
export const SMS_TEST_LANGUAGES: Language[] = ['en-US', 'hi-IN', 'gu-IN'];

export const TEST_PHONE = '9876543210';

export const loginCodeSms = (language: Language): SmsMessage => fillSmsTemplate(TEST_PHONE, 'loginCode', language, { code: '042917' });

export const sosContactSms = (language: Language): SmsMessage =>
  fillSmsTemplate(TEST_PHONE, 'sosContact', language, {
    name: language === 'en-US' ? 'Priya' : language === 'hi-IN' ? 'प्रिया' : 'પ્રિયા',
    threat: 'fire',
    link: 'saathi.in/t/abcDEF123456',
  });

/** DLT settings with an id for each test message's template (ids in the form DLT portals give). */
export const TEST_DLT: SmsDltSettings = {
  entityId: '1201159100000012345',
  senderId: 'SAATHI',
  templateIds: {
    'loginCode.en-US': '1207169100000000001',
    'loginCode.hi-IN': '1207169100000000002',
    'loginCode.gu-IN': '1207169100000000003',
    'sosContact.en-US': '1207169100000000011',
    'sosContact.hi-IN': '1207169100000000012',
    'sosContact.gu-IN': '1207169100000000013',
  },
};

/**
 * application/x-www-form-urlencoded as the WHATWG URL standard serializes it, written out
 * byte by byte: UTF-8, `*-._` and alphanumerics kept, space as `+`, the rest `%XX`.
 */
export function formEncoded(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    if (/[A-Za-z0-9*\-._]/.test(char)) out += char;
    else if (char === ' ') out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
