import { readFileSync } from 'node:fs';
import { ENV_SERVER_LOG, requiredEnv } from './env';

// The console SMS provider's line: `[sms] to=+91XXXXXXXXXX text=...`; the code is the
// first run of six digits in the text.
const SMS_LINE = /^\[sms\] to=\+91(\d{10}) text=(.*)$/gm;
const CODE = /(?<!\d)\d{6}(?!\d)/;
/**
 * The live-location link of an alert SMS (apps/server/src/core/sms/sms-link.ts): the host, `/t/`
 * and a 12-letter/digit token, with no scheme (`127.0.0.1:41234/t/Ab3dE5gH9kLm`).
 */
const SMS_LINK = /\S+\/t\/[A-Za-z0-9]{12}(?![A-Za-z0-9])/;

/** The text of every SMS printed for `phone` so far, oldest first. */
export function textsSentTo(phone: string): string[] {
  const log = readFileSync(requiredEnv(ENV_SERVER_LOG), 'utf8');
  return [...log.matchAll(SMS_LINE)].filter((match) => match[1] === phone).map((match) => match[2] ?? '');
}

/** Every login code texted to `phone` so far, oldest first (six digits inside an alert's link are no code). */
export function codesSentTo(phone: string): string[] {
  const codes: string[] = [];
  for (const text of textsSentTo(phone)) {
    const code = CODE.exec(text.replace(SMS_LINK, ' '))?.[0];
    if (code) codes.push(code);
  }
  return codes;
}

/**
 * The live-location link in the newest alert SMS texted to `phone`, as the SMS carries it (no
 * scheme), with that SMS's whole text. Waits for one to be printed.
 */
export async function smsLinkTextedTo(phone: string, timeoutMs = 20_000): Promise<{ link: string; text: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const withLink = textsSentTo(phone).filter((text) => SMS_LINK.test(text));
    const text = withLink[withLink.length - 1];
    if (text !== undefined) return { link: (SMS_LINK.exec(text) as RegExpExecArray)[0], text };
    if (Date.now() > deadline) throw new Error(`no live-location link was texted to +91${phone} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** An SMS link as a phone opens it when tapped: the bare `host/t/token` as an http address (the test server has no https). */
export function linkAsTapped(link: string): string {
  return `http://${link}`;
}

/** Waits for a code newer than the first `alreadySeen` ones and returns the newest. */
export async function waitForNewCode(phone: string, alreadySeen: number, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const codes = codesSentTo(phone);
    if (codes.length > alreadySeen) return codes[codes.length - 1] as string;
    if (Date.now() > deadline) throw new Error(`no login code was texted to +91${phone} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// The server refuses a new code for a number until its resend delay has passed, as it
// would for a real user; remember when each number may ask again.
const nextRequestAllowedAt = new Map<string, number>();

export function rememberResendDelay(phone: string, resendAfterSeconds: number): void {
  nextRequestAllowedAt.set(phone, Date.now() + resendAfterSeconds * 1000 + 500);
}

export async function waitUntilCodeMayBeRequested(phone: string): Promise<void> {
  const wait = (nextRequestAllowedAt.get(phone) ?? 0) - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** A random 10-digit mobile number starting with 7 (the demo seed uses other ranges). */
export function randomPhone(): string {
  let digits = '7';
  for (let i = 0; i < 9; i += 1) digits += String(Math.floor(Math.random() * 10));
  return digits;
}
