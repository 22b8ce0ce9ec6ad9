import { RESPONDER_LIMITS, VerificationRequestFields } from '@saathi/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, ValidationError } from '../../core/errors';
import { formParts, formText } from '../../plugins/app/multipart-form';

/**
 * The multipart parser's limits for `POST /responders/verification`: one photo and four short
 * fields, and one of each more, which the form reader refuses by name.
 */
export const VERIFICATION_MULTIPART_LIMITS = { fileSize: RESPONDER_LIMITS.documentBytesMax, files: 2, fields: 5, parts: 7, fieldSize: 1024 } as const;

/** Reads the request: the text fields, checked for the profession, and the photo `document` (required). */
export async function readVerificationForm(request: FastifyRequest): Promise<{ fields: VerificationRequestFields; document: Buffer }> {
  if (!request.isMultipart()) throw new ValidationError('Send the request as multipart/form-data', 'document');
  const raw: Record<string, string> = {};
  let document: Buffer | undefined;
  try {
    // Only the declared fields, each once (the form of POST /responders/verification in the contract).
    for await (const part of formParts(request)) {
      if (part.type === 'file') document = await part.toBuffer();
      else raw[part.fieldname] = formText(part.value);
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', 'The document photo is too large', 'document');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new ValidationError('Too many form fields', 'document');
    throw error;
  }
  const parsed = VerificationRequestFields.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ValidationError(issue?.message ?? 'Invalid input', issue?.path.join('.') || undefined);
  }
  if (!document || document.length === 0) throw new ValidationError('A photo of the registration or badge is required', 'document');
  return { fields: parsed.data, document };
}
