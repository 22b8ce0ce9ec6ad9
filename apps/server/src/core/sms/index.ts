import { consoleSmsProvider } from './console-sms-provider';
import { httpSmsProvider } from './http-sms-provider';
import { msg91SmsProvider } from './msg91-sms-provider';
import type { SmsGateways } from './sms-dispatch';
import type { SmsDltSettings, SmsGatewaySettings, SmsProvider, SmsSettings } from './sms-provider';
import { twilioSmsProvider } from './twilio-sms-provider';

export type { SmsAccepted, SmsDltSettings, SmsGatewayKind, SmsGatewaySettings, SmsMessage, SmsProvider, SmsReceipt, SmsSettings } from './sms-provider';
export { SmsGatewayError, templateIdOf, toE164 } from './sms-provider';
export { DEFAULT_GATEWAY_TIMEOUT_MS } from './gateway-http';
export { consoleSmsProvider } from './console-sms-provider';
export { httpSmsProvider, httpSmsRequest, type HttpSmsOptions, type HttpSmsRequest } from './http-sms-provider';
export { DEFAULT_MSG91_API_URL, msg91FlowRequest, msg91SmsProvider, type Msg91FlowRequest, type Msg91SmsOptions } from './msg91-sms-provider';
export { parseMsg91Receipts } from './msg91-receipts';
export { DEFAULT_TWILIO_API_URL, TWILIO_STATUS_CALLBACK_PATH, twilioMessageForm, twilioSmsProvider, type TwilioSmsOptions } from './twilio-sms-provider';
export { parseTwilioReceipt, twilioSignature, verifyTwilioSignature, type TwilioSignedRequest } from './twilio-receipts';

export interface SmsGatewayOptions {
  /** PUBLIC_URL + TWILIO_STATUS_CALLBACK_PATH: where Twilio posts its receipts. */
  statusCallbackUrl: string;
  /** How long each gateway may take to answer (default 10 s). */
  timeoutMs?: number;
}

/** The gateway one set of settings (SMS_PROVIDER or SMS_FALLBACK_PROVIDER) describes. */
export function createSmsGateway(gateway: SmsGatewaySettings, dlt: SmsDltSettings, options: Partial<SmsGatewayOptions> = {}): SmsProvider {
  const { statusCallbackUrl, timeoutMs } = options;
  switch (gateway.kind) {
    case 'console':
      return consoleSmsProvider();
    case 'http':
      return httpSmsProvider({ url: gateway.url, token: gateway.token, dlt, timeoutMs });
    case 'msg91':
      return msg91SmsProvider({ authKey: gateway.authKey, apiUrl: gateway.apiUrl, dlt, timeoutMs });
    case 'twilio':
      return twilioSmsProvider({ ...gateway, statusCallbackUrl, timeoutMs });
  }
}

export function createSmsGateways(settings: SmsSettings, given: SmsGatewayOptions): SmsGateways {
  const options = { timeoutMs: settings.timeoutMs, ...given };
  return {
    primary: createSmsGateway(settings.gateway, settings.dlt, options),
    fallback: settings.fallback ? createSmsGateway(settings.fallback, settings.dlt, options) : null,
  };
}

export { createSmsDispatch, gatewayFor, SMS_TOPIC, type SmsDispatch, type SmsGateways } from './sms-dispatch';
export type { OutgoingSms, WrittenSms } from './sms.repository';
export { smsLink, smsOrNothing } from './sms-link';
