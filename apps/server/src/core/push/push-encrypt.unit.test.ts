import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptAes128gcm } from '../../../test/push-peer';
import { encryptPush } from './push-encrypt.mjs';

// The protocol's sizes, written out rather than imported from push-encrypt.mjs: a push service
// need not accept a body over 4096 octets (RFC 8030 §7.2), which after the 86-octet header, the
// padding delimiter and the 16-octet tag leaves "at most, 3993 octets of plaintext" (RFC 8291 §4).
const RECORD_SIZE = 4096;
const MAX_PAYLOAD_BYTES = 3993;

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
function browser() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, p256dh: ecdh.getPublicKey().toString('base64url'), authB64: auth.toString('base64url') };
}

const payload = JSON.stringify({ title: 'SOS nearby', body: 'Sneha needs help 0–500 m from you', url: '/sos-mode?sosEventId=7', notificationId: 11 });

describe('encryptPush (RFC 8291, aes128gcm)', () => {
  it('encrypts each message for its own subscription: different ciphertexts, each readable only with its keys', () => {
    const [alice, bob] = [browser(), browser()];
    const forAlice = encryptPush(alice.p256dh, alice.authB64, payload);
    const forBob = encryptPush(bob.p256dh, bob.authB64, payload);
    expect(forAlice.equals(forBob)).toBe(false);
    expect(decryptAes128gcm(forAlice, alice.ecdh, alice.auth).toString()).toBe(payload);
    expect(decryptAes128gcm(forBob, bob.ecdh, bob.auth).toString()).toBe(payload);
    // Neither opens with the other's private key or auth secret.
    expect(() => decryptAes128gcm(forAlice, bob.ecdh, bob.auth)).toThrow();
    expect(() => decryptAes128gcm(forBob, alice.ecdh, alice.auth)).toThrow();
    expect(() => decryptAes128gcm(forAlice, alice.ecdh, bob.auth)).toThrow();
    expect(() => decryptAes128gcm(forAlice, bob.ecdh, alice.auth)).toThrow();
  });

  it('uses a fresh key pair and salt per message, also to the same subscription', () => {
    const alice = browser();
    const [one, two] = [encryptPush(alice.p256dh, alice.authB64, payload), encryptPush(alice.p256dh, alice.authB64, payload)];
    // salt (16) | record size (4) | key id length (1) | sender public key (65) | ciphertext + tag
    expect(one.subarray(0, 16).equals(two.subarray(0, 16))).toBe(false);
    expect(one.subarray(21, 86).equals(two.subarray(21, 86))).toBe(false);
    expect(one.readUInt32BE(16)).toBe(RECORD_SIZE);
    expect(one[20]).toBe(65);
    expect(one.length).toBe(86 + Buffer.byteLength(payload) + 1 + 16);
    expect(decryptAes128gcm(two, alice.ecdh, alice.auth).toString()).toBe(payload);
  });

  it('refuses keys it cannot use and payloads that do not fit one push, naming why', () => {
    const alice = browser();
    expect(() => encryptPush(alice.p256dh.slice(0, 40), alice.authB64, payload)).toThrow(/public key/);
    const offCurve = Buffer.from(alice.p256dh, 'base64url');
    offCurve[64] = (offCurve[64] as number) ^ 1;
    expect(() => encryptPush(offCurve.toString('base64url'), alice.authB64, payload)).toThrow(/public key/);
    expect(() => encryptPush(alice.p256dh, randomBytes(8).toString('base64url'), payload)).toThrow(/auth/);
    expect(() => encryptPush(alice.p256dh, alice.authB64, 'x'.repeat(MAX_PAYLOAD_BYTES + 1))).toThrow(/at most/);
    const largest = 'x'.repeat(MAX_PAYLOAD_BYTES);
    const body = encryptPush(alice.p256dh, alice.authB64, largest);
    expect(body.length).toBe(RECORD_SIZE);
    expect(decryptAes128gcm(body, alice.ecdh, alice.auth).toString()).toBe(largest);
  });
});
