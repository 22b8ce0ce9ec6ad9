import { toE164, type SmsMessage, type SmsProvider } from './sms-provider';

export interface HttpSmsOptions {
  url: string;
  token: string | undefined;
  timeoutMs?: number;
}

/**
 * Adapter for an HTTP SMS gateway: POST `{to, text}` as JSON with a bearer token.
 * Any non-2xx answer is an error, so the caller can tell the user the code was not sent.
 */
export function httpSmsProvider({ url, token, timeoutMs = 10_000 }: HttpSmsOptions): SmsProvider {
  return {
    name: 'http',
    async send({ to, text }: SmsMessage) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (token) headers.authorization = `Bearer ${token}`;
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ to: toE164(to), text }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        // The body may echo the message (and its code), so only the status is reported.
        await response.body?.cancel();
        throw new Error(`SMS gateway answered ${response.status}`);
      }
      await response.body?.cancel();
    },
  };
}
