import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * The safety and duress PINs are 4 to 6 digits, so their hash must be slow: scrypt with a
 * salt of its own per PIN. The parameters travel in the stored string
 * (`scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`), so raising the cost later keeps old PINs valid.
 */
const KEY_LENGTH = 32;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

function derive(pin: string, salt: Buffer, log2N: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** log2N;
  return new Promise((resolve, reject) =>
    scrypt(pin, salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPin(pin: string, log2N: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(pin, salt, log2N, BLOCK_SIZE, PARALLELISM);
  return ['scrypt', log2N, BLOCK_SIZE, PARALLELISM, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Always does the full scrypt work, whatever the PIN, so a mismatch costs what a match costs. */
export async function pinMatches(pin: string, stored: string): Promise<boolean> {
  const [scheme, log2N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(pin, Buffer.from(salt, 'base64url'), Number(log2N), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}
