import { randomBytes } from 'node:crypto';
import { CreateFeedbackFields, FEEDBACK_LIMITS, FEEDBACK_SCREENSHOT_SIZE } from '@saathi/shared';
import type { FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { Clock } from '../../core/clock';
import { ValidationError } from '../../core/errors';
import { ImageRejectedError, processImage } from '../../core/images';
import type { Storage } from '../../core/storage';
import { formParts, formText, jsonFormField } from '../../plugins/app/multipart-form';

/** The text fields of the form, checked, and the screenshot's bytes if one was sent. */
export interface FeedbackForm {
  fields: CreateFeedbackFields;
  screenshot: Buffer | undefined;
}

/**
 * The multipart parser's limits for `POST /feedback`: one file, a handful of text fields. One
 * file and a field or two more than the form takes get as far as the form reader, which names
 * the field that is too many.
 */
export const FEEDBACK_MULTIPART_LIMITS = {
  fileSize: FEEDBACK_LIMITS.screenshotBytesMax,
  files: 2,
  fields: 6,
  parts: 8,
  // diagnostics carries the browser's user agent; the text is at most 2,000 characters (up to 8 KB in UTF-8).
  fieldSize: 16 * 1024,
} as const;

const screenshotTooLarge = () =>
  new ValidationError(`The screenshot may be at most ${FEEDBACK_LIMITS.screenshotBytesMax / 1024 / 1024} MB`, 'screenshot', 'screenshot_too_large', {
    mb: FEEDBACK_LIMITS.screenshotBytesMax / 1024 / 1024,
  });

/** Reads `POST /feedback`: category, text, diagnostics (JSON text), clientId?, and the optional file `screenshot`. */
export async function readFeedbackForm(request: FastifyRequest): Promise<FeedbackForm> {
  if (!request.isMultipart()) throw new ValidationError('Send the feedback as multipart/form-data', 'text');
  const raw: Record<string, unknown> = {};
  let screenshot: Buffer | undefined;
  try {
    // Only the declared fields, each once (the form of POST /feedback in the contract).
    for await (const part of formParts(request)) {
      if (part.type === 'file') {
        screenshot = await part.toBuffer();
        continue;
      }
      const value = formText(part.value);
      raw[part.fieldname] = part.fieldname === 'diagnostics' ? jsonFormField('diagnostics', value) : value;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw screenshotTooLarge();
    if (code === 'FST_FILES_LIMIT') throw new ValidationError('Send one screenshot', 'screenshot');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new ValidationError('Too many form fields');
    throw error;
  }
  try {
    return { fields: CreateFeedbackFields.parse(raw), screenshot: screenshot && screenshot.length > 0 ? screenshot : undefined };
  } catch (error) {
    if (error instanceof ZodError) {
      const issue = error.issues[0];
      throw new ValidationError(issue?.message ?? 'Invalid input', issue?.path.join('.') || undefined);
    }
    throw error;
  }
}

/**
 * Re-encodes a screenshot (any picture type the app accepts; no metadata kept) and stores it
 * under a random key. Its URL is as hard to guess as the key, and only the sender and the
 * admins are given it.
 */
export function createScreenshotStore({ storage, clock }: { storage: Storage; clock: Clock }) {
  return {
    async save(bytes: Buffer): Promise<{ key: string; url: string }> {
      let processed;
      try {
        // The inbox shows the screenshot itself, so the thumbnail processImage also makes is kept tiny and dropped.
        processed = await processImage(bytes, { full: FEEDBACK_SCREENSHOT_SIZE, thumbnail: { width: 1, height: 1 } });
      } catch (error) {
        if (error instanceof ImageRejectedError) throw new ValidationError(error.message, 'screenshot', 'image_rejected');
        throw error;
      }
      const month = clock().toISOString().slice(0, 7).replace('-', '/');
      const key = `feedback/${month}/${randomBytes(16).toString('hex')}.jpg`;
      await storage.put(key, processed.full.bytes, 'image/jpeg');
      return { key, url: storage.url(key) };
    },
    /** Removes a stored screenshot whose ticket was not saved. */
    async discard(key: string): Promise<void> {
      await storage.delete(key).catch(() => undefined);
    },
  };
}

export type ScreenshotStore = ReturnType<typeof createScreenshotStore>;
