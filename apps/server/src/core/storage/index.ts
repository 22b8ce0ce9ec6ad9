import { createHmac } from 'node:crypto';
import { createLocalPrivateStorage, createLocalStorage, type LocalStorage } from './local-storage';
import { createPrivateS3Storage, createS3Storage, type S3Config, type S3Storage } from './s3-storage';
import type { PrivateStorage } from './storage';

export { assertSafeKey, MEDIA_CACHE_CONTROL, PRIVATE_CACHE_CONTROL, type PresignedPut, type PrivateStorage, type Storage, type StoredObject } from './storage';
export { createLocalPrivateStorage, createLocalStorage, LOCAL_PRIVATE_PREFIX, LOCAL_UPLOAD_PATH, type LocalStorage } from './local-storage';
export { localUploadRoutes } from './local-upload.routes';
export { createPrivateS3Storage, createS3Storage, s3PublicBase, type S3Config, type S3Storage } from './s3-storage';

/**
 * Where files go (STORAGE): the media directory, or S3. `s3` is the public media bucket;
 * `privateS3` the private files' bucket (same store and login, another bucket and perhaps
 * another endpoint), which has no public URL.
 */
export type StorageSettings = { kind: 'local' } | { kind: 's3'; s3: S3Config; privateS3: S3Config };

/** The configured store; `kind` tells which (the local one also verifies its upload links). */
export type MediaStorage = LocalStorage | S3Storage;

/**
 * The one place the media store is chosen (STORAGE): every feature that stores files gets
 * this instance. `serverSecret` keys the local adapter's presigned upload URLs.
 */
export function createStorage(config: { storage: StorageSettings }, mediaDir: string, serverSecret: string): MediaStorage {
  if (config.storage.kind === 's3') return createS3Storage(config.storage.s3);
  // A derived key, so an upload signature can never double as any other HMAC of the secret.
  const uploadSecret = createHmac('sha256', serverSecret).update('saathi media uploads').digest('hex');
  return createLocalStorage(mediaDir, { uploadSecret });
}

/**
 * The store of private files (SOS evidence, verification documents), chosen with STORAGE like
 * the media store: the media directory's `evidence/` folder, or the private bucket.
 */
export function createPrivateStorage(config: { storage: StorageSettings }, mediaDir: string): PrivateStorage {
  if (config.storage.kind === 's3') return createPrivateS3Storage(config.storage.privateS3);
  return createLocalPrivateStorage(mediaDir);
}
