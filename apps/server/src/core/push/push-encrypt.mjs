// RFC 8291 message encryption (aes128gcm, RFC 8188) with node:crypto alone, used on the calling
// thread (push-transport.ts) and on the push worker thread (push-worker.mjs). Every message gets
// its own ECDH key pair and salt, so every push is encrypted for its one subscription; this is
// the per-message work web-push's encrypt does, without its parameter parsing and key
// re-encoding (measured: ~1.6x more messages per CPU-second, see features/sos/README.md).
// Plain JavaScript for the same reason as http-post.mjs; types in push-encrypt.d.mts.
import { createCipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';

/** One record holds the whole message: push services accept at most 4,096 bytes of body. */
export const RECORD_SIZE = 4096;
const SALT_LENGTH = 16;
const TAG_LENGTH = 16;
const PUBLIC_KEY_LENGTH = 65;
/** salt (16) | record size (4) | key id length (1) | key id: the sender's public key (65). */
const HEADER_LENGTH = SALT_LENGTH + 4 + 1 + PUBLIC_KEY_LENGTH;
/** The largest payload that fits one record: the delimiter octet and the tag come on top. */
export const MAX_PAYLOAD_BYTES = RECORD_SIZE - HEADER_LENGTH - 1 - TAG_LENGTH;

const KEY_INFO = Buffer.from('WebPush: info\0');
const ONE = Buffer.from([1]);
const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\0\x01');
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\0\x01');
/** The last (and only) record ends with the delimiter 0x02 and no padding. */
const LAST_RECORD = Buffer.from([2]);

/** HMAC-SHA-256 over the concatenation of `parts`. */
function hmac(key, ...parts) {
  const mac = createHmac('sha256', key);
  for (const part of parts) mac.update(part);
  return mac.digest();
}

/**
 * Encrypts `plaintext` for one subscription (its `p256dh` public key and `auth` secret, both
 * base64url as the browser hands them out) and returns the aes128gcm body. Throws on keys
 * that cannot be used (the error names which), never for network reasons.
 *
 * @param {string} p256dh
 * @param {string} auth
 * @param {Buffer | string} plaintext
 * @returns {Buffer}
 */
export function encryptPush(p256dh, auth, plaintext) {
  const receiver = Buffer.from(p256dh, 'base64url');
  if (receiver.length !== PUBLIC_KEY_LENGTH || receiver[0] !== 4)
    throw new Error('invalid subscription public key (p256dh is not an uncompressed P-256 point)');
  const authSecret = Buffer.from(auth, 'base64url');
  if (authSecret.length < 16) throw new Error('invalid subscription auth secret (shorter than 16 bytes)');
  const payload = typeof plaintext === 'string' ? Buffer.from(plaintext) : plaintext;
  if (payload.length > MAX_PAYLOAD_BYTES) throw new Error(`invalid payload: ${payload.length} bytes, at most ${MAX_PAYLOAD_BYTES} fit a push`);

  // RFC 8291 §3.4: a fresh key pair per message, the shared secret with the subscription's key.
  const ecdh = createECDH('prime256v1');
  const sender = ecdh.generateKeys();
  let shared;
  try {
    shared = ecdh.computeSecret(receiver);
  } catch {
    throw new Error('invalid subscription public key (not on the P-256 curve)');
  }
  const salt = randomBytes(SALT_LENGTH);
  // IKM = HKDF(auth, ecdh_secret, "WebPush: info" || 0x00 || ua_public || as_public, 32)
  const ikm = hmac(hmac(authSecret, shared), KEY_INFO, receiver, sender, ONE);
  // PRK = HKDF-Extract(salt, IKM); CEK and nonce are the first 16 and 12 bytes of their expansions.
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, CEK_INFO).subarray(0, 16);
  const nonce = hmac(prk, NONCE_INFO).subarray(0, 12);

  const header = Buffer.allocUnsafe(HEADER_LENGTH);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, SALT_LENGTH);
  header.writeUInt8(PUBLIC_KEY_LENGTH, SALT_LENGTH + 4);
  sender.copy(header, SALT_LENGTH + 5);
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  const body = cipher.update(payload);
  const delimiter = cipher.update(LAST_RECORD);
  const rest = cipher.final();
  return Buffer.concat([header, body, delimiter, rest, cipher.getAuthTag()]);
}
