import type { SmsStatus } from '@saathi/shared';
import type { SmsReceipt } from './sms-provider';

/**
 * MSG91's delivery report codes (its help page "How can I get the delivery reports on my
 * webhook URL"): 1 delivered, 2 failed (the carrier could not reach the phone), 8 handed to
 * the carrier, 9 NDNC (a do-not-disturb number), 16, 25 and 26 rejected (by the carrier or
 * DLT scrubbing), 17 a blocked number. Those MSG91 or the carrier refused never left, so they
 * are `failed`; one the carrier tried and gave up on is `undelivered`.
 */
const MSG91_CODES = new Map<string, SmsStatus>([
  ['1', 'delivered'],
  ['2', 'undelivered'],
  ['8', 'sent'],
  ['9', 'failed'],
  ['16', 'failed'],
  ['17', 'failed'],
  ['25', 'failed'],
  ['26', 'failed'],
]);

/** The same in words, as the newer webhooks spell statuses (a Map: no `constructor` or `__proto__` to stumble on). */
const MSG91_WORDS = new Map<string, SmsStatus>([
  ['delivered', 'delivered'],
  ['failed', 'undelivered'],
  ['sent', 'sent'],
  ['submitted', 'sent'],
  ['pending', 'sent'],
  ['ndnc', 'failed'],
  ['rejected', 'failed'],
  ['blocked', 'failed'],
  ['blocked number', 'failed'],
  ['autofailed', 'failed'],
  ['auto failed', 'failed'],
]);

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : undefined;

/**
 * The receipts in a body MSG91 posted to our webhook, in any of its documented shapes:
 * - the classic report (webhook v2), a form whose field `data` holds a JSON array of
 *   `{requestId, report: [{number, status, desc, failedReason, date}]}`; the same array or
 *   `{data: [...]}` sent as JSON;
 * - one report per request (webhook v3 and the newer webhooks): `{requestId, status, desc}`.
 * A report whose status we do not know gives no receipt; anything else gives none either:
 * this never throws, whatever was posted.
 */
export function parseMsg91Receipts(body: unknown): SmsReceipt[] {
  try {
    return requestsIn(body).flatMap(receiptsOfRequest);
  } catch {
    return [];
  }
}

function requestsIn(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (!isObject(body)) return [];
  if (typeof body.data === 'string') return requestsIn(parseJsonSafely(body.data));
  if (Array.isArray(body.data)) return body.data;
  return [body];
}

function parseJsonSafely(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

function receiptsOfRequest(request: unknown): SmsReceipt[] {
  if (!isObject(request)) return [];
  const id = text(request.requestId) ?? text(request.request_id);
  if (!id) return [];
  const reports = Array.isArray(request.report) ? request.report : [request];
  return reports.flatMap((report) => {
    const receipt = isObject(report) ? receiptOf(id, report) : null;
    return receipt ? [receipt] : [];
  });
}

function receiptOf(providerMessageId: string, report: Json): SmsReceipt | null {
  const code = text(report.status)?.toLowerCase();
  const status = code === undefined ? undefined : (MSG91_CODES.get(code) ?? MSG91_WORDS.get(code));
  if (code === undefined || !status) return null;
  if (status === 'delivered' || status === 'sent') return { providerMessageId, status, error: null };
  const why = text(report.failedReason) ?? text(report.failureReason) ?? text(report.desc) ?? text(report.description);
  return { providerMessageId, status, error: why ? `${code}: ${why}`.slice(0, 200) : code };
}
