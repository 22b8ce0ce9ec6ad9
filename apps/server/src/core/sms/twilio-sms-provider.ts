import { DEFAULT_GATEWAY_TIMEOUT_MS, exchange, field, gatewaySays, isPermanentStatus, isSuccessStatus, parseJson } from './gateway-http';
import { SmsGatewayError, toE164, type SmsMessage, type SmsProvider } from './sms-provider';

export const DEFAULT_TWILIO_API_URL = 'https://api.twilio.com';

/** Where Twilio posts a message's status changes, under PUBLIC_URL. */
export const TWILIO_STATUS_CALLBACK_PATH = '/api/sms/status/twilio';

export interface TwilioSmsOptions {
  accountSid: string;
  authToken: string;
  /** A sender number or header; ignored when a messaging service is given. */
  from: string | undefined;
  messagingServiceSid: string | undefined;
  /** TWILIO_API_URL: the API's origin, without a path. */
  apiUrl: string;
  /** PUBLIC_URL + TWILIO_STATUS_CALLBACK_PATH; without it Twilio sends no receipts. */
  statusCallbackUrl: string | undefined;
  timeoutMs?: number;
}

/**
 * The form Twilio's Messages API takes. Twilio keeps no templates: `Body` is the filled text,
 * which carriers match against the DLT template registered for the sender.
 */
export function twilioMessageForm(message: SmsMessage, options: Pick<TwilioSmsOptions, 'from' | 'messagingServiceSid' | 'statusCallbackUrl'>): URLSearchParams {
  const form = new URLSearchParams({ To: toE164(message.to), Body: message.text });
  if (options.messagingServiceSid) form.set('MessagingServiceSid', options.messagingServiceSid);
  else if (options.from) form.set('From', options.from);
  if (options.statusCallbackUrl) form.set('StatusCallback', options.statusCallbackUrl);
  return form;
}

/**
 * Twilio's Messages API (`POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, HTTP basic
 * auth). It answers 201 with the message's `sid`, which its status callbacks carry
 * (parseTwilioReceipt), so the message is `queued` until they come.
 */
export function twilioSmsProvider(options: TwilioSmsOptions): SmsProvider {
  const { accountSid, authToken, apiUrl, statusCallbackUrl, timeoutMs = DEFAULT_GATEWAY_TIMEOUT_MS } = options;
  const url = `${apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send(message) {
      const init = {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        // URLSearchParams encodes as UTF-8: Devanagari and Gujarati arrive as they were written.
        body: twilioMessageForm(message, options).toString(),
      };
      const answer = await exchange('Twilio', url, init, timeoutMs);
      const json = parseJson(answer.body);
      if (!isSuccessStatus(answer.status)) throw new SmsGatewayError(twilioRefusal(answer.status, json), isPermanentStatus(answer.status));
      const sid = field(json, 'sid');
      if (typeof sid !== 'string' || sid === '') return { providerMessageId: null, status: 'sent' };
      // Without a callback URL no receipt will come: the answer is all we will hear.
      return { providerMessageId: sid, status: statusCallbackUrl ? 'queued' : 'sent' };
    },
  };
}

/** Twilio's error answer is `{code, message, more_info, status}`: its code and (masked) words, never the body. */
function twilioRefusal(status: number, json: unknown): string {
  const code = field(json, 'code');
  const words = gatewaySays(field(json, 'message'));
  const detail = [typeof code === 'number' || typeof code === 'string' ? `error ${code}` : '', words].filter(Boolean).join(': ');
  return `Twilio answered ${status}${detail ? ` (${detail})` : ''}`;
}
