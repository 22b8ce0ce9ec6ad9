import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ValidationError } from '../../core/errors';
import { ImageRejectedError, processImage } from '../../core/images';

/** Big enough to read a registration certificate or a badge. */
const DOCUMENT_SIZE = { full: { width: 2000, height: 2000 }, thumbnail: { width: 1, height: 1 } };

/**
 * The photos of verification documents: re-encoded without metadata and kept under the media
 * directory's `evidence/` folder, which `/media` never serves (the evidence guard), readable by
 * this process only (0600). Reviewers read a photo through the moderator-only API; it is
 * deleted when the request is decided.
 */
export function createDocumentStore(mediaDir: string) {
  const fileOf = (key: string) => path.join(mediaDir, key);
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
      await fsp.mkdir(path.dirname(fileOf(key)), { recursive: true });
      await fsp.writeFile(fileOf(key), processed.full.bytes, { mode: 0o600 });
      return key;
    },

    async open(key: string): Promise<{ stream: Readable; sizeBytes: number } | undefined> {
      const stat = await fsp.stat(fileOf(key)).catch(() => undefined);
      if (!stat) return undefined;
      return { stream: fs.createReadStream(fileOf(key)), sizeBytes: stat.size };
    },

    async exists(key: string): Promise<boolean> {
      return (await fsp.stat(fileOf(key)).catch(() => undefined)) !== undefined;
    },

    async delete(key: string): Promise<void> {
      await fsp.rm(fileOf(key), { force: true });
    },
  };
}

export type DocumentStore = ReturnType<typeof createDocumentStore>;
