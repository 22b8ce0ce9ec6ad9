import { randomBytes } from 'node:crypto';
import { NEWS_LIMITS, type NewsImage } from '@saathi/shared';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../core/clock';
import { PayloadTooLargeError, ValidationError } from '../../core/errors';
import { ImageRejectedError, processImage, type ImageSizes } from '../../core/images';
import type { Storage } from '../../core/storage';
import { formParts } from '../../plugins/app/multipart-form';
import type { NewsRepository } from './news.repository';

/** The article picture fits 1200x1200 (1200 px wide for a landscape photo); the list's thumbnail is 240x160. */
export const NEWS_IMAGE_SIZES: ImageSizes = { full: { width: 1200, height: 1200 }, thumbnail: { width: 240, height: 160 } };

/** The one file of the form, field `image`, within the upload limit. */
export async function readNewsImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new ValidationError('Send the picture as multipart/form-data, field image', 'image');
  let bytes: Buffer | undefined;
  try {
    // The form of POST /news/images in the contract: the one file `image`, no text fields.
    for await (const part of formParts(request)) {
      if (part.type === 'file') bytes = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeError(`The picture may be at most ${NEWS_LIMITS.imageBytesMax / 1024 / 1024} MB`);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new ValidationError('Send one picture, field image', 'image');
    throw error;
  }
  if (!bytes || bytes.length === 0) throw new ValidationError('Choose a picture to upload', 'image', 'empty_upload');
  return bytes;
}

/** Re-encodes the picture (no metadata) at article and thumbnail size, stores both and records them. */
export function createNewsImageUploader({ news, storage, clock }: { news: NewsRepository; storage: Storage; clock: Clock }) {
  return async function upload(callerId: number, bytes: Buffer): Promise<NewsImage> {
    let processed;
    try {
      processed = await processImage(bytes, NEWS_IMAGE_SIZES);
    } catch (error) {
      if (error instanceof ImageRejectedError) throw new ValidationError(error.message, 'image', 'image_rejected');
      throw error;
    }
    const month = clock().toISOString().slice(0, 7).replace('-', '/');
    const name = randomBytes(12).toString('hex');
    const imageKey = `news/${month}/${name}.jpg`;
    const thumbnailKey = `news/${month}/${name}-thumb.jpg`;
    const stored: string[] = [];
    try {
      await storage.put(imageKey, processed.full.bytes, 'image/jpeg');
      stored.push(imageKey);
      await storage.put(thumbnailKey, processed.thumbnail.bytes, 'image/jpeg');
      stored.push(thumbnailKey);
      const row = await news.insertImage({
        imageKey,
        imageUrl: storage.url(imageKey),
        thumbnailKey,
        thumbnailUrl: storage.url(thumbnailKey),
        width: processed.full.width,
        height: processed.full.height,
        uploadedBy: callerId,
      });
      return { id: row.id, imageUrl: row.image_url, thumbnailUrl: row.thumbnail_url };
    } catch (error) {
      // No row, no files: an upload that failed half-way leaves nothing behind.
      await Promise.all(stored.map((key) => storage.delete(key).catch(() => undefined)));
      throw error;
    }
  };
}
