import { consoleSmsProvider } from './console-sms-provider';
import { httpSmsProvider } from './http-sms-provider';
import type { SmsProvider, SmsSettings } from './sms-provider';

export type { SmsMessage, SmsProvider, SmsSettings } from './sms-provider';
export { toE164 } from './sms-provider';
export { consoleSmsProvider } from './console-sms-provider';
export { httpSmsProvider } from './http-sms-provider';

export function createSmsProvider(sms: SmsSettings): SmsProvider {
  return sms.provider === 'http' ? httpSmsProvider({ url: sms.url, token: sms.token }) : consoleSmsProvider();
}
