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
export { createSmsDispatch, gatewayFor, SMS_TOPIC, type SmsDispatch, type SmsGateways } from './sms-dispatch';
export type { OutgoingSms, WrittenSms } from './sms.repository';
export { smsLink, SMS_LINK_HOST_MAX } from './sms-link';
export { SmsGatewayError, type SmsAccepted, type SmsReceipt } from './sms-provider';
export { MSG91_STATUS_PATH, TWILIO_STATUS_PATH } from './receipt-paths';
