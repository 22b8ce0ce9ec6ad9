import { createECDH, createPrivateKey, sign, type KeyObject } from 'node:crypto';
import type { VapidKeys } from './vapid-keys';

/**
 * VAPID (RFC 8292) authorization per push service. The token is an ES256 JWT naming the push
 * service's origin (`aud`), an expiry (`exp`, at most 24 h ahead) and a contact (`sub`); it
 * says nothing about the message, so one token serves every message to that origin until it
 * nears expiry. Signing one per message (what web-push's generateRequestDetails does) cost
 * more CPU than encrypting the message itself.
 */
export interface VapidTokens {
  /** The `Authorization` header for a push to `endpoint`: `vapid t=<JWT>, k=<public key>`. */
  authorization(endpoint: string): string;
  /** How many tokens were signed so far (one per audience and validity period). */
  readonly signed: number;
}

export interface VapidTokenOptions {
  keys: VapidKeys;
  /** `mailto:` or `https:` contact of the sender. */
  subject: string;
  /** Milliseconds since the epoch. Push services check `exp` against real time, so the default is Date.now. */
  now?: () => number;
  /** How long a token is valid (12 h; push services refuse more than 24 h). */
  validSeconds?: number;
  /** A token is replaced this long before it expires (1 h), so none goes out about to expire. */
  renewBeforeSeconds?: number;
}

export const VAPID_VALID_SECONDS = 12 * 3600;
export const VAPID_RENEW_BEFORE_SECONDS = 3600;

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const JWT_HEADER = b64url(JSON.stringify({ typ: 'JWT', alg: 'ES256' }));

/**
 * The VAPID private key (32 bytes, base64url) with its public point as a P-256 key object;
 * throws unless the two belong together (a push service would refuse every token).
 */
export function vapidSigningKey(keys: VapidKeys): KeyObject {
  const point = Buffer.from(keys.publicKey, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('VAPID public key is not an uncompressed P-256 point');
  const scalar = Buffer.from(keys.privateKey, 'base64url');
  if (scalar.length !== 32) throw new Error('VAPID private key is not 32 bytes');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(scalar);
  if (!ecdh.getPublicKey().equals(point)) throw new Error('VAPID private key does not match the public key');
  return createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', d: keys.privateKey, x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: 'jwk',
  });
}

/** An ES256 JWT with these claims (the signature in JOSE's r||s form). */
export function signVapidJwt(key: KeyObject, claims: { aud: string; exp: number; sub: string }): string {
  const unsigned = `${JWT_HEADER}.${b64url(JSON.stringify(claims))}`;
  const signature = sign('sha256', Buffer.from(unsigned), { key, dsaEncoding: 'ieee-p1363' });
  return `${unsigned}.${signature.toString('base64url')}`;
}

/** One cached token per push service origin, signed again shortly before it expires. */
export function createVapidTokens(options: VapidTokenOptions): VapidTokens {
  const { keys, subject } = options;
  const now = options.now ?? Date.now;
  const validSeconds = options.validSeconds ?? VAPID_VALID_SECONDS;
  const renewBeforeSeconds = Math.min(options.renewBeforeSeconds ?? VAPID_RENEW_BEFORE_SECONDS, validSeconds / 2);
  // Made on first use: a damaged key fails the pushes (and their jobs retry), not the start.
  let key: KeyObject | undefined;
  const byAudience = new Map<string, { authorization: string; renewAt: number }>();
  let signed = 0;
  return {
    authorization(endpoint) {
      const audience = new URL(endpoint).origin;
      const at = now();
      const cached = byAudience.get(audience);
      if (cached && at < cached.renewAt) return cached.authorization;
      const exp = Math.floor(at / 1000) + validSeconds;
      key ??= vapidSigningKey(keys);
      const authorization = `vapid t=${signVapidJwt(key, { aud: audience, exp, sub: subject })}, k=${keys.publicKey}`;
      byAudience.set(audience, { authorization, renewAt: (exp - renewBeforeSeconds) * 1000 });
      signed += 1;
      return authorization;
    },
    get signed() {
      return signed;
    },
  };
}
