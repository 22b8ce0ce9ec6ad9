import { createPublicKey, verify } from 'node:crypto';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { checkVapid } from '../../../test/push-peer';
import { createVapidTokens, VAPID_RENEW_BEFORE_SECONDS, VAPID_VALID_SECONDS } from './vapid-token';

const keys = webpush.generateVAPIDKeys();
const subject = 'mailto:alerts@saathi.invalid';
const FCM = 'https://fcm.googleapis.com/fcm/send/abc';
const MOZILLA = 'https://updates.push.services.mozilla.com/wpush/v2/xyz';

/** The parts of `vapid t=<JWT>, k=<key>`, the JWT's header and claims decoded. */
function parse(authorization: string) {
  const match = /^vapid t=([^,\s]+), k=([A-Za-z0-9_-]+)$/.exec(authorization);
  if (!match) throw new Error(`not a VAPID header: ${authorization}`);
  const [, jwt = '', k = ''] = match;
  const [head = '', claims = '', signature = ''] = jwt.split('.');
  return {
    jwt,
    k,
    head: JSON.parse(Buffer.from(head, 'base64url').toString()) as Record<string, unknown>,
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string },
    signed: Buffer.from(`${head}.${claims}`),
    signature: Buffer.from(signature, 'base64url'),
  };
}

/** Verifies the ES256 signature with the public key alone, as a push service does. */
function verifiesWith(publicKey: string, authorization: string): boolean {
  const { signed, signature } = parse(authorization);
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  return verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, signature);
}

describe('VAPID tokens', () => {
  it('signs an ES256 JWT with aud, exp and sub that verifies with the public key', () => {
    const start = Date.UTC(2026, 10, 27, 6, 0, 0);
    const tokens = createVapidTokens({ keys, subject, now: () => start });
    const authorization = tokens.authorization(FCM);
    const { head, claims, k } = parse(authorization);
    expect(head).toEqual({ typ: 'JWT', alg: 'ES256' });
    expect(claims).toEqual({ aud: 'https://fcm.googleapis.com', exp: start / 1000 + VAPID_VALID_SECONDS, sub: subject });
    // RFC 8292 §2: "MUST NOT be more than 24 hours from the time of the request" (the number
    // written here, so a longer VAPID_VALID_SECONDS fails).
    expect(claims.exp - start / 1000).toBeLessThanOrEqual(24 * 3600);
    expect(k).toBe(keys.publicKey);
    expect(verifiesWith(keys.publicKey, authorization)).toBe(true);
    // Another key pair's public key does not verify it.
    expect(verifiesWith(webpush.generateVAPIDKeys().publicKey, authorization)).toBe(false);
  });

  it('passes the push peer’s check (signature, aud, exp within 24 h, sub) with the real clock', () => {
    const authorization = createVapidTokens({ keys, subject }).authorization('http://127.0.0.1:4000/push/sub-1');
    expect(checkVapid(authorization, 'http://127.0.0.1:4000', keys.publicKey)).toBeUndefined();
    expect(checkVapid(authorization, 'http://127.0.0.1:4001', keys.publicKey)).toMatch(/aud/);
  });

  it('reuses one token per audience while it is valid, and signs one per audience', () => {
    let now = Date.UTC(2026, 10, 27, 6, 0, 0);
    const tokens = createVapidTokens({ keys, subject, now: () => now });
    const first = tokens.authorization(FCM);
    // Every endpoint of the same origin shares it, hours later too.
    now += 3 * 3600_000;
    expect(tokens.authorization('https://fcm.googleapis.com/fcm/send/other')).toBe(first);
    now += (VAPID_VALID_SECONDS - VAPID_RENEW_BEFORE_SECONDS - 3 * 3600) * 1000 - 1;
    expect(tokens.authorization(FCM)).toBe(first);
    expect(tokens.signed).toBe(1);
    // A second push service gets its own token, naming it.
    const mozilla = tokens.authorization(MOZILLA);
    expect(mozilla).not.toBe(first);
    expect(parse(mozilla).claims.aud).toBe('https://updates.push.services.mozilla.com');
    expect(tokens.authorization(MOZILLA)).toBe(mozilla);
    expect(tokens.signed).toBe(2);
  });

  it('signs a new token before the old one expires, and after expiry', () => {
    const start = Date.UTC(2026, 10, 27, 6, 0, 0);
    let now = start;
    const tokens = createVapidTokens({ keys, subject, now: () => now });
    const first = tokens.authorization(FCM);
    const firstExp = parse(first).claims.exp;
    // An hour before it expires it is replaced, so no push leaves with a token about to lapse.
    now = (firstExp - VAPID_RENEW_BEFORE_SECONDS) * 1000;
    const renewed = tokens.authorization(FCM);
    expect(renewed).not.toBe(first);
    expect(parse(renewed).claims.exp).toBe(firstExp - VAPID_RENEW_BEFORE_SECONDS + VAPID_VALID_SECONDS);
    expect(verifiesWith(keys.publicKey, renewed)).toBe(true);
    // Long after expiry (an idle server), the next push gets a fresh token too.
    now = start + 3 * 24 * 3600_000;
    const later = tokens.authorization(FCM);
    expect(parse(later).claims.exp).toBe(now / 1000 + VAPID_VALID_SECONDS);
    expect(parse(later).claims.exp * 1000).toBeGreaterThan(now);
    expect(tokens.signed).toBe(3);
  });

  it('a damaged or mismatched private key fails the push that needs it, not the construction', () => {
    const damaged = createVapidTokens({ keys: { publicKey: keys.publicKey, privateKey: 'not-a-key' }, subject });
    expect(() => damaged.authorization(FCM)).toThrow(/32 bytes/);
    const other = webpush.generateVAPIDKeys();
    const mismatched = createVapidTokens({ keys: { publicKey: keys.publicKey, privateKey: other.privateKey }, subject });
    expect(() => mismatched.authorization(FCM)).toThrow(/does not match/);
  });
});
