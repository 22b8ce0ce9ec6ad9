import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Opaque bearer token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmacHex(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

/** Compares two hex digests in constant time. */
export function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A uniformly random string of `length` characters drawn from `alphabet`. */
export function randomString(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** A 6-digit code, leading zeros allowed. */
export function newOtpCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * A short token derived from `value` with the server secret: 12 letters and digits (71 bits),
 * short enough for a link in an SMS variable (30 characters with the host), far too many to
 * guess through a rate-limited page. The same input always gives the same token, so a retried
 * SMS carries the same link and only the token's hash needs keeping.
 */
export function shortHmacToken(secret: string, value: string, length = 12): string {
  let number = BigInt(`0x${hmacHex(secret, value)}`);
  let out = '';
  for (let i = 0; i < length; i++) {
    out += BASE62[Number(number % 62n)];
    number /= 62n;
  }
  return out;
}
