import { SmsGatewayError } from './sms-provider';

/** How long a gateway may take to answer before the message counts as not taken (for now). */
export const DEFAULT_GATEWAY_TIMEOUT_MS = 10_000;

/** A gateway's answer: its HTTP status and the body, read whole (gateways answer a few hundred bytes). */
export interface GatewayAnswer {
  status: number;
  body: string;
}

/**
 * One request to a gateway, answer included, within `timeoutMs`. No answer in time, a
 * refused connection or a reset become a temporary SmsGatewayError: the message may well be
 * taken on another try, here or at the fallback. The cause is named, never a URL (it may
 * carry a key).
 */
export async function exchange(gateway: string, url: string, init: RequestInit, timeoutMs: number): Promise<GatewayAnswer> {
  try {
    // The timeout covers the body too: a gateway that sends headers and then stalls is no better.
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new SmsGatewayError(`${gateway}: no answer within ${timeoutMs} ms`, false);
    }
    throw new SmsGatewayError(`${gateway}: unreachable (${networkCause(error)})`, false);
  }
}

/** `ECONNREFUSED`, `ECONNRESET`…: undici wraps the system error in `cause`. */
function networkCause(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? cause.code : error instanceof Error ? error.name : 'unknown error';
}

/**
 * A 4xx is the gateway refusing this request for good (bad number, bad key, unknown
 * template), except 408 (it gave up waiting) and 429 (slow down), which pass with time.
 */
export const isPermanentStatus = (status: number): boolean => status >= 400 && status < 500 && status !== 408 && status !== 429;

export const isSuccessStatus = (status: number): boolean => status >= 200 && status < 300;

/** The body as JSON, or undefined when it is not JSON (an HTML error page from a proxy). */
export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** A field of a JSON object answer, whatever the answer was. */
export function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * A gateway's own words about a refusal, fit for a log line: at most 120 characters, and
 * every run of 4 or more digits masked, since such a message may quote the phone number or
 * the text it refused (a login code among them).
 */
export function gatewaySays(text: unknown): string {
  if (typeof text !== 'string') return '';
  return text
    .replace(/[\p{Cc}]+/gu, ' ')
    .replace(/\d{4,}/g, '…')
    .trim()
    .slice(0, 120);
}
