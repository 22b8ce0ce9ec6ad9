import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * AWS Signature Version 4 checked the way S3 checks it, for the test S3 peer, whose s3rver
 * accepts any V4 signature. Written from AWS's description of the algorithm, not with the
 * SDK's signer, so the SDK's signatures are checked by an independent implementation:
 * https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html
 */

/** The peer's one account: key id and secret are both this (s3rver's built-in account). */
export const S3_PEER_KEY = 'S3RVER';
export const S3_PEER_REGION = 'us-east-1';
/** S3 refuses header-signed requests dated further than this from its clock. */
const MAX_SKEW_MS = 15 * 60_000;

export interface Refusal {
  status: number;
  code: string;
  message: string;
  details?: Record<string, string>;
}

const amzTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
const mismatch: Refusal = {
  status: 403,
  code: 'SignatureDoesNotMatch',
  message: 'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
};

/** What S3 would refuse this request for, or undefined when it may go on to the bucket. */
export function checkSignature(request: IncomingMessage, now: Date): Refusal | undefined {
  const url = new URL(request.url ?? '/', 'http://peer');
  const query = url.searchParams;
  const authorization = request.headers.authorization;
  const method = request.method ?? 'GET';
  if (query.has('X-Amz-Signature') || query.has('X-Amz-Algorithm')) {
    if (authorization) return { status: 400, code: 'InvalidArgument', message: 'Only one auth mechanism allowed' };
    return checkPresigned(request, url, now);
  }
  if (authorization) return checkAuthorizationHeader(request, url, authorization, now);
  // The media bucket is public-read; everything else needs a signature.
  if (['GET', 'HEAD', 'OPTIONS'].includes(method)) return undefined;
  return { status: 403, code: 'AccessDenied', message: 'Access Denied' };
}

function checkPresigned(request: IncomingMessage, url: URL, now: Date): Refusal | undefined {
  const query = url.searchParams;
  const bad = (message: string): Refusal => ({ status: 400, code: 'AuthorizationQueryParametersError', message });
  if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return bad('X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
  const param = (name: string) => query.get(name) ?? '';
  const amzDate = param('X-Amz-Date');
  const scope = parseScope(param('X-Amz-Credential'), amzDate);
  if (typeof scope === 'string') return scope === 'key' ? unknownKey(param('X-Amz-Credential')) : bad(scope);
  const expires = Number(param('X-Amz-Expires'));
  if (!Number.isInteger(expires) || expires < 1 || expires > 604_800) return bad('X-Amz-Expires must be between 1 and 604800 seconds');
  const signedAt = scope.signedAt;
  if (now.getTime() > signedAt.getTime() + expires * 1000) {
    return {
      status: 403,
      code: 'AccessDenied',
      message: 'Request has expired',
      details: { 'X-Amz-Expires': String(expires), Expires: amzTime(new Date(signedAt.getTime() + expires * 1000)), ServerTime: amzTime(now) },
    };
  }
  if (signedAt.getTime() > now.getTime() + MAX_SKEW_MS) return { status: 403, code: 'AccessDenied', message: 'Request is not valid yet' };
  const payload = query.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
  return verify(request, url, { amzDate, scope: scope.text, signedHeaders: param('X-Amz-SignedHeaders'), signature: param('X-Amz-Signature'), payload });
}

function checkAuthorizationHeader(request: IncomingMessage, url: URL, authorization: string, now: Date): Refusal | undefined {
  const malformed = (message: string): Refusal => ({ status: 400, code: 'AuthorizationHeaderMalformed', message });
  const match = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]+)$/.exec(authorization);
  if (!match) return malformed('The authorization header is malformed');
  const [, credential = '', signedHeaders = '', signature = ''] = match;
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const scope = parseScope(credential, amzDate);
  if (typeof scope === 'string') return scope === 'key' ? unknownKey(credential) : malformed(scope);
  if (Math.abs(scope.signedAt.getTime() - now.getTime()) > MAX_SKEW_MS) {
    return { status: 403, code: 'RequestTimeTooSkewed', message: 'The difference between the request time and the current time is too large.' };
  }
  const payload = request.headers['x-amz-content-sha256'];
  if (typeof payload !== 'string') return { status: 400, code: 'InvalidRequest', message: 'Missing required header for this request: x-amz-content-sha256' };
  return verify(request, url, { amzDate, scope: scope.text, signedHeaders, signature, payload });
}

const unknownKey = (credential: string): Refusal => ({
  status: 403,
  code: 'InvalidAccessKeyId',
  message: 'The AWS Access Key Id you provided does not exist in our records.',
  details: { AWSAccessKeyId: credential.split('/')[0] ?? '' },
});

/** Checks `key/yyyymmdd/region/s3/aws4_request` against the request date; an error text, or 'key' for an unknown key. */
function parseScope(credential: string, amzDate: string): { text: string; signedAt: Date } | string {
  const parts = credential.split('/');
  const [key, day, region, service, terminator] = parts;
  const stamp = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (parts.length !== 5 || !stamp || service !== 's3' || terminator !== 'aws4_request') return 'Credential or X-Amz-Date is malformed';
  if (day !== amzDate.slice(0, 8)) return 'The credential date does not match the request date';
  if (region !== S3_PEER_REGION) return `The region '${region}' is wrong; expecting '${S3_PEER_REGION}'`;
  if (key !== S3_PEER_KEY) return 'key';
  const [, y, mo, d, h, mi, s] = stamp.map(Number);
  return { text: parts.slice(1).join('/'), signedAt: new Date(Date.UTC(y!, mo! - 1, d, h, mi, s)) };
}

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ escaped. */
const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const hmac = (key: Buffer | string, value: string) => createHmac('sha256', key).update(value).digest();

/** Recomputes the signature from the request as received (AWS SigV4, "Create a canonical request" and on). */
function verify(
  request: IncomingMessage,
  url: URL,
  s: { amzDate: string; scope: string; signedHeaders: string; signature: string; payload: string },
): Refusal | undefined {
  const names = s.signedHeaders.split(';');
  if (!names.includes('host')) return { status: 400, code: 'AuthorizationQueryParametersError', message: 'SignedHeaders must include host' };
  let canonicalUri: string;
  try {
    canonicalUri = url.pathname
      .split('/')
      .map((segment) => encode(decodeURIComponent(segment)))
      .join('/');
  } catch {
    return mismatch;
  }
  const canonicalQuery = [...url.searchParams]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalHeaders = names.map((name) => `${name}:${headerValue(request, name)}\n`).join('');
  const canonicalRequest = [request.method, canonicalUri, canonicalQuery, canonicalHeaders, s.signedHeaders, s.payload].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', s.amzDate, s.scope, sha256(canonicalRequest)].join('\n');
  const signingKey = s.scope.split('/').reduce<Buffer | string>((key, part) => hmac(key, part), `AWS4${S3_PEER_KEY}`);
  const expected = hmac(signingKey, stringToSign);
  const given = Buffer.from(s.signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? undefined : mismatch;
}

function headerValue(request: IncomingMessage, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ');
}
