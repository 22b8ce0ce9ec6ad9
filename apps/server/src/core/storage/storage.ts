/**
 * Where uploaded files live. The local adapter writes under DATA_DIR/media and serves them at
 * /media/<key>; the S3 adapter writes to any S3-compatible bucket. Both hand out presigned
 * upload URLs so a browser can send a large file straight to the store (the local adapter's
 * URLs are answered by its upload route, `localUploadRoutes`).
 *
 * A key is written once: new content gets a new key, which is why objects may be cached
 * by browsers and CDNs for a year (MEDIA_CACHE_CONTROL).
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The URL clients load the object from (relative `/media/...` for local). */
  url(key: string): string;
  /** Removes an object; missing objects are not an error. */
  delete(key: string): Promise<void>;
  /**
   * The object's size and its first `headBytes` bytes (fewer if it is shorter), or
   * undefined when there is no such object: lets a feature check what a browser uploaded.
   */
  inspect(key: string, headBytes: number): Promise<StoredObject | undefined>;
  /**
   * The object's bytes as a stream of chunks, or undefined when there is no such object:
   * for reading a large upload (e.g. a video's length) without holding it in memory.
   * Stopping the iteration early closes the file or connection.
   */
  readStream(key: string): Promise<AsyncIterable<Uint8Array> | undefined>;
  /**
   * A URL the client may PUT the object's bytes to until it expires, sending exactly
   * `headers` (the signature covers them). Relative (`/media-uploads/...`) for local.
   */
  presignPut(key: string, contentType: string, expiresSeconds: number): Promise<PresignedPut>;
  /** Releases connections (the app calls it on close). */
  close(): void;
}

/**
 * Where private files live (SOS evidence recordings, verification document photos): only the
 * server reads them, after its own owner or moderator checks, so there is no `url()` and no
 * `presignPut`. Locally they sit under the media directory's `evidence/` folder, which
 * `/media` never serves, readable by the server only (0600); with STORAGE=s3 in a bucket of
 * their own (S3_PRIVATE_BUCKET) that nothing makes public (docs/adr/0016).
 */
export type PrivateStorage = Pick<Storage, 'kind' | 'put' | 'delete' | 'inspect' | 'readStream' | 'close'>;

/** Private objects are never cached by anyone on the way. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

export interface StoredObject {
  size: number;
  head: Buffer;
}

export interface PresignedPut {
  method: 'PUT';
  url: string;
  headers: Record<string, string>;
  expiresAt: Date;
}

/** Keys are never reused for other content, so objects are immutable once written. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Presigned URLs live at least a few seconds and at most a week (S3's own ceiling). */
export const PRESIGN_MAX_SECONDS = 7 * 24 * 3600;

export function assertPresignExpiry(expiresSeconds: number): void {
  if (!Number.isInteger(expiresSeconds) || expiresSeconds < 1 || expiresSeconds > PRESIGN_MAX_SECONDS) {
    throw new Error(`presign expiry must be 1..${PRESIGN_MAX_SECONDS} whole seconds, got ${expiresSeconds}`);
  }
}

/** Content types are `type/subtype` tokens; anything else could smuggle header syntax. */
export function assertContentType(contentType: string): void {
  if (!/^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i.test(contentType) || contentType.length > 127) {
    throw new Error(`unsupported content type: ${contentType}`);
  }
}

/** Keys are relative paths of safe segments: no `..`, no leading slash, no odd characters. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i.test(key) || key.includes('..') || key.length > 512) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}
