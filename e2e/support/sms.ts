import { readFileSync } from 'node:fs';
import { ENV_SERVER_LOG, requiredEnv } from './env';

// The console SMS provider's line: `[sms] to=+91XXXXXXXXXX text=...`; the code is the
// first run of six digits in the text.
const SMS_LINE = /^\[sms\] to=\+91(\d{10}) text=(.*)$/gm;
const CODE = /(?<!\d)\d{6}(?!\d)/;

/** Every login code texted to `phone` so far, oldest first. */
export function codesSentTo(phone: string): string[] {
  const log = readFileSync(requiredEnv(ENV_SERVER_LOG), 'utf8');
  const codes: string[] = [];
  for (const match of log.matchAll(SMS_LINE)) {
    if (match[1] !== phone) continue;
    const code = CODE.exec(match[2] ?? '')?.[0];
    if (code) codes.push(code);
  }
  return codes;
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
