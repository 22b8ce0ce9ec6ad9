import { createECDH, createHmac, createDecipheriv, createPublicKey, verify, randomBytes, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a Web Push service (FCM, Mozilla autopush…): it hands out
 * subscriptions with real P-256 keys, and for every push request it checks the VAPID
 * Authorization header (RFC 8292) and DECRYPTS the aes128gcm payload (RFC 8291/8188) with
 * the subscription's private key, as a browser would.
 */
export interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  headers: http.IncomingHttpHeaders;
  receivedAt: number;
}

export interface PeerSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushPeerOptions {
  /** When set, the VAPID `k` must be this key (base64url). */
  vapidPublicKey?: string;
  /** Skip decryption and VAPID checks (the benchmark only counts). */
  countOnly?: boolean;
}

export interface PushPeer {
  origin: string;
  received: ReceivedPush[];
  /** Requests the peer refused, with why (bad VAPID, undecryptable body…). */
  rejected: Array<{ subscriptionId: string; reason: string }>;
  subscription(id?: string): PeerSubscription;
  /** Makes the push service answer `status` for this subscription (e.g. 410 Gone). */
  respondWith(subscriptionId: string, status: number): void;
  /** Holds every new request unanswered and uncounted, like a stalled push service. */
  freeze(): void;
  /** Freezes right after the `count`-th accepted push (a stall at an exact point). */
  freezeAfter(count: number): void;
  readonly frozen: boolean;
  unfreeze(): void;
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const b64u = (buf: Buffer) => buf.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 + RFC 8188: the user agent's side of aes128gcm. */
export function decryptAes128gcm(body: Buffer, receiver: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('only single-record messages are expected');
  const ecdhSecret = receiver.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.getPublicKey(), senderPublic]);
  const ikm = hmac(hmac(authSecret, ecdhSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('missing last-record delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`; the JWT's aud must be this origin. */
export function checkVapid(header: string | undefined, origin: string, expectedKey: string | undefined): string | undefined {
  const match = header ? /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header) : null;
  if (!match) return 'missing or malformed vapid Authorization';
  const [, jwt = '', k = ''] = match;
  if (expectedKey && k !== expectedKey) return 'unexpected VAPID key';
  const [head, claims, signature] = jwt.split('.');
  if (!head || !claims || !signature) return 'malformed JWT';
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return 'VAPID key is not an uncompressed P-256 point';
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) }, format: 'jwk' });
  const ok = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) return 'bad JWT signature';
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (header_.alg !== 'ES256') return 'JWT alg is not ES256';
  if (body.aud !== origin) return `JWT aud ${body.aud} is not ${origin}`;
  if (!body.exp || body.exp * 1000 < Date.now() || body.exp * 1000 > Date.now() + 24 * 3600_000 + 60_000) return 'JWT exp out of range';
  if (!body.sub || !/^(mailto:|https:)/.test(body.sub)) return 'JWT sub is not mailto: or https:';
  return undefined;
}

export async function startPushPeer(options: PushPeerOptions = {}): Promise<PushPeer> {
  const subs = new Map<string, { ecdh: ECDH; auth: Buffer; status: number }>();
  const received: ReceivedPush[] = [];
  const rejected: PushPeer['rejected'] = [];
  const waiters = new Set<() => void>();
  let frozen = false;
  let freezeAt = Number.POSITIVE_INFINITY;
  const held = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (frozen) {
        held.add(res);
        res.on('close', () => held.delete(res));
        return;
      }
      const id = decodeURIComponent((req.url ?? '').replace(/^\/push\//, ''));
      const sub = subs.get(id);
      const reject = (status: number, reason: string) => {
        rejected.push({ subscriptionId: id, reason });
        res.writeHead(status).end(reason);
      };
      if (req.method !== 'POST' || !sub) return reject(404, 'unknown subscription');
      if (sub.status >= 300) return reject(sub.status, 'configured answer');
      let payload: unknown = null;
      if (!options.countOnly) {
        const problem = checkVapid(req.headers.authorization, origin, options.vapidPublicKey);
        if (problem) return reject(401, problem);
        if (req.headers['content-encoding'] !== 'aes128gcm') return reject(400, 'content-encoding is not aes128gcm');
        if (!req.headers.ttl) return reject(400, 'missing TTL');
        try {
          payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), sub.ecdh, sub.auth).toString('utf8'));
        } catch (error) {
          return reject(400, `undecryptable: ${String(error)}`);
        }
      }
      received.push({ subscriptionId: id, payload, headers: req.headers, receivedAt: performance.now() });
      if (received.length >= freezeAt) frozen = true;
      res.writeHead(201).end();
      for (const wake of [...waiters]) wake();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    rejected,
    subscription(id = b64u(randomBytes(9))) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subs.set(id, { ecdh, auth, status: 201 });
      return { id, endpoint: `${origin}/push/${encodeURIComponent(id)}`, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } };
    },
    respondWith(subscriptionId, status) {
      const sub = subs.get(subscriptionId);
      if (sub) sub.status = status;
    },
    freeze() {
      frozen = true;
    },
    freezeAfter(count) {
      freezeAt = count;
    },
    get frozen() {
      return frozen;
    },
    unfreeze() {
      frozen = false;
      freezeAt = Number.POSITIVE_INFINITY;
      for (const res of held) res.destroy();
      held.clear();
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`push peer: ${received.length} of ${count} pushes after ${timeoutMs} ms (rejected: ${rejected.length})`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 100));
          waiters.add(() => {
            clearTimeout(timer);
            resolve();
          });
        });
        waiters.clear();
      }
    },
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
