/**
 * Where uploaded files live. The local adapter writes under DATA_DIR/media and serves them at
 * /media/<key>; an S3-compatible adapter implements the same calls (presigned uploads are added
 * with it, for large files the browser sends directly).
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The URL clients load the object from (relative `/media/...` for local). */
  url(key: string): string;
  /** Removes an object; missing objects are not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are relative paths of safe segments: no `..`, no leading slash, no odd characters. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i.test(key) || key.includes('..') || key.length > 512) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}
