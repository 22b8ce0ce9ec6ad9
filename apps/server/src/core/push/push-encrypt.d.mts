/** One record holds the whole message (push services accept at most 4,096 bytes of body). */
export const RECORD_SIZE: number;
/** The largest payload one push can carry once encrypted. */
export const MAX_PAYLOAD_BYTES: number;
/**
 * Encrypts `plaintext` for one subscription (RFC 8291, aes128gcm): a fresh ECDH key pair and
 * salt per message. Throws on unusable keys, naming which.
 */
export function encryptPush(p256dh: string, auth: string, plaintext: Buffer | string): Buffer;
