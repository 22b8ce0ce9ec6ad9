import { DEFAULT_GATEWAY_TIMEOUT_MS, exchange, field, isPermanentStatus, isSuccessStatus, parseJson } from './gateway-http';
import { SmsGatewayError, templateIdOf, toE164, type SmsDltSettings, type SmsMessage, type SmsProvider } from './sms-provider';

export interface HttpSmsOptions {
  url: string;
  token: string | undefined;
  dlt: SmsDltSettings;
  timeoutMs?: number;
}

/** What an HTTP gateway receives (the README's "Sending SMS in India" describes it). */
export interface HttpSmsRequest {
  /** E.164: `+91` and the 10 digits. */
  to: string;
  text: string;
  /** `id` is the registered DLT template's, or null when SMS_TEMPLATE_IDS has none for it. */
  template: { name: string; id: string | null; language: string; variables: Readonly<Record<string, string>> };
  entityId: string | null;
  sender: string | null;
}

export function httpSmsRequest(message: SmsMessage, dlt: SmsDltSettings): HttpSmsRequest {
  const { name, language, variables } = message.template;
  return {
    to: toE164(message.to),
    text: message.text,
    template: { name, id: templateIdOf(dlt, message) ?? null, language, variables },
    entityId: dlt.entityId ?? null,
    sender: dlt.senderId ?? null,
  };
}

/**
 * Adapter for a gateway of our own making: POST the message and its DLT registration as
 * JSON, with a bearer token when one is set. Such a gateway sends no receipts, so a message
 * it takes is `sent`; the `id` of its JSON answer, when it gives one, is kept for the logs.
 */
export function httpSmsProvider({ url, token, dlt, timeoutMs = DEFAULT_GATEWAY_TIMEOUT_MS }: HttpSmsOptions): SmsProvider {
  return {
    name: 'http',
    async send(message) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (token) headers.authorization = `Bearer ${token}`;
      const body = JSON.stringify(httpSmsRequest(message, dlt));
      const answer = await exchange('SMS gateway', url, { method: 'POST', headers, body }, timeoutMs);
      // Only the status is reported: the body may echo the message, and with it a login code.
      if (!isSuccessStatus(answer.status)) throw new SmsGatewayError(`SMS gateway answered ${answer.status}`, isPermanentStatus(answer.status));
      const id = field(parseJson(answer.body), 'id');
      return { providerMessageId: typeof id === 'string' && id !== '' ? id : null, status: 'sent' };
    },
  };
}
