import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SmsStatus } from '@saathi/shared';
import type { SmsReceipt } from './sms-provider';

/**
 * Twilio's outbound message statuses (its "Message resource" page) as ours. `read` comes
 * after delivery (WhatsApp, RCS); `partially_delivered` is a multi-part message whose parts
 * did not all arrive, so the carrier has it but the phone may not; `canceled` was a scheduled
 * message that never left. `receiving` and `received` are inbound: not a receipt of ours.
 */
const TWILIO_STATUSES = new Map<string, SmsStatus>([
  ['accepted', 'queued'],
  ['scheduled', 'queued'],
  ['queued', 'queued'],
  ['sending', 'queued'],
  ['sent', 'sent'],
  ['partially_delivered', 'sent'],
  ['delivered', 'delivered'],
  ['read', 'delivered'],
  ['undelivered', 'undelivered'],
  ['failed', 'failed'],
  ['canceled', 'failed'],
]);

/** A status callback's form fields as a receipt; null when they are not one (inbound, unknown status, no sid). */
export function parseTwilioReceipt(params: Record<string, string>): SmsReceipt | null {
  const sid = (params.MessageSid ?? params.SmsSid)?.trim();
  const status = TWILIO_STATUSES.get((params.MessageStatus ?? params.SmsStatus ?? '').trim().toLowerCase());
  if (!sid || !status) return null;
  const errorCode = params.ErrorCode?.trim();
  return { providerMessageId: sid, status, error: errorCode ? errorCode.slice(0, 50) : null };
}

/**
 * Twilio's request signature (its "Webhooks security" page): HMAC-SHA1, keyed with the auth
 * token, over the full URL Twilio posted to (query string included) followed by each POST
 * parameter's name and value, sorted by name; base64.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const names = Object.keys(params).sort();
  const signed = names.reduce((data, name) => data + name + params[name], url);
  return createHmac('sha1', authToken).update(Buffer.from(signed, 'utf8')).digest('base64');
}

export interface TwilioSignedRequest {
  authToken: string;
  /** The exact URL Twilio was given (the StatusCallback we sent), not one rebuilt from a proxied request. */
  url: string;
  params: Record<string, string>;
  /** The X-Twilio-Signature header. */
  signature: string | undefined;
}

/** Whether Twilio signed this request; compared in constant time, so timing tells a forger nothing. */
export function verifyTwilioSignature({ authToken, url, params, signature }: TwilioSignedRequest): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
