import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { ValidationError } from '../../core/errors';
import { ImageRejectedError, processImage } from '../../core/images';
import type { PrivateStorage } from '../../core/storage';

/** Big enough to read a registration certificate or a badge. */
const DOCUMENT_SIZE = { full: { width: 2000, height: 2000 }, thumbnail: { width: 1, height: 1 } };

/**
 * The photos of verification documents: re-encoded without metadata and kept in the private
 * store under `evidence/responders/` (locally the media directory's `evidence/` folder, which
 * `/media` never serves, readable by this process only (0600); with S3 the private bucket).
 * Reviewers read a photo through the moderator-only API; it is deleted when the request is
 * decided.
 */
export function createDocumentStore(files: PrivateStorage) {
  return {
    async save(bytes: Buffer): Promise<string> {
      let processed;
      try {
        processed = await processImage(bytes, DOCUMENT_SIZE);
      } catch (error) {
        if (error instanceof ImageRejectedError) throw new ValidationError(error.message, 'document', 'image_rejected');
        throw error;
      }
      const key = `evidence/responders/${randomBytes(16).toString('hex')}.jpg`;
      await files.put(key, processed.full.bytes, 'image/jpeg');
      return key;
    },

    /** The photo as a stream read from the store as it is sent, with its size; undefined when it is gone. */
    async open(key: string): Promise<{ stream: Readable; sizeBytes: number } | undefined> {
      const found = await files.inspect(key, 0);
      if (!found) return undefined;
      const input = await files.readStream(key);
      if (!input) return undefined;
      return { stream: input instanceof Readable ? input : Readable.from(input, { objectMode: false }), sizeBytes: found.size };
    },

    async delete(key: string): Promise<void> {
      await files.delete(key);
    },
  };
}

export type DocumentStore = ReturnType<typeof createDocumentStore>;
