import fs from 'node:fs/promises';
import path from 'node:path';
import { hmacHex, sameHex } from '../crypto';
import { assertContentType, assertPresignExpiry, assertSafeKey, MEDIA_CACHE_CONTROL, type PrivateStorage, type Storage } from './storage';

/** Where the local adapter's presigned URLs point (answered by `localUploadRoutes` under /api). */
export const LOCAL_UPLOAD_PATH = '/api/media-uploads';

export interface LocalStorageOptions {
  /** Keys the HMAC of presigned upload URLs; derive it from the server secret. */
  uploadSecret: string;
  now?: () => Date;
}

export interface LocalStorage extends Storage {
  readonly kind: 'local';
  /** True when `signature` was issued by presignPut for this key and type and has not expired. */
  verifyUpload(key: string, contentType: string, expires: number, signature: string): boolean;
}

/** An open file, or undefined when there is no file at that path. */
async function openIfPresent(file: string): Promise<fs.FileHandle | undefined> {
  return fs.open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'EISDIR') return undefined;
    throw error;
  });
}

/** Size and first bytes of a file, or undefined when there is none. */
async function inspectFile(file: string, headBytes: number) {
  const handle = await openIfPresent(file);
  if (!handle) return undefined;
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(headBytes, size));
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return { size, head: head.subarray(0, bytesRead) };
  } finally {
    await handle.close();
  }
}

async function readFileStream(file: string) {
  const handle = await openIfPresent(file);
  // The stream owns the handle from here and closes it when it ends or is destroyed.
  return handle?.createReadStream();
}

/** Files under `mediaDir`, served by the static plugin at `/media/<key>`. */
export function createLocalStorage(mediaDir: string, { uploadSecret, now = () => new Date() }: LocalStorageOptions): LocalStorage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(mediaDir, ...key.split('/'));
  };
  const sign = (key: string, contentType: string, expires: number) => hmacHex(uploadSecret, `PUT\n${key}\n${contentType}\n${expires}`);
  return {
    kind: 'local',
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, file);
    },
    url(key) {
      assertSafeKey(key);
      return `/media/${key}`;
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    inspect: (key, headBytes) => inspectFile(fileOf(key), headBytes),
    readStream: (key) => readFileStream(fileOf(key)),
    async presignPut(key, contentType, expiresSeconds) {
      assertSafeKey(key);
      assertContentType(contentType);
      assertPresignExpiry(expiresSeconds);
      const expires = Math.floor(now().getTime() / 1000) + expiresSeconds;
      const query = new URLSearchParams({ type: contentType, expires: String(expires), signature: sign(key, contentType, expires) });
      return {
        method: 'PUT',
        url: `${LOCAL_UPLOAD_PATH}/${key}?${query.toString()}`,
        headers: { 'content-type': contentType, 'cache-control': MEDIA_CACHE_CONTROL },
        expiresAt: new Date(expires * 1000),
      };
    },
    verifyUpload(key, contentType, expires, signature) {
      if (!Number.isInteger(expires) || expires * 1000 <= now().getTime() || !/^[0-9a-f]{64}$/.test(signature)) return false;
      return sameHex(sign(key, contentType, expires), signature);
    },
    close() {},
  };
}

/** The folder of the media directory that `/media` never serves (the evidence guard, app.ts). */
export const LOCAL_PRIVATE_PREFIX = 'evidence/';

/**
 * Private files on local disk, where they have always been: `<mediaDir>/<key>` with keys under
 * `evidence/` (refused otherwise, since only that folder is kept from `/media`), each file
 * readable and writable by the server's user only (0600).
 */
export function createLocalPrivateStorage(mediaDir: string): PrivateStorage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    if (!key.startsWith(LOCAL_PRIVATE_PREFIX)) throw new Error(`private storage keys start with ${LOCAL_PRIVATE_PREFIX}: ${key}`);
    return path.join(mediaDir, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, bytes, contentType) {
      assertContentType(contentType);
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file; the mode is set at creation.
      const temp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temp, bytes, { mode: 0o600 });
      await fs.rename(temp, file);
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    inspect: (key, headBytes) => inspectFile(fileOf(key), headBytes),
    readStream: (key) => readFileStream(fileOf(key)),
    close() {},
  };
}
