import type { Multipart } from '@fastify/multipart';
import type { MultipartForm } from '@saathi/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, ValidationError } from '../../core/errors';
import { assertStorableText } from './storable-text';
import { unknownFieldsMessage } from './strict-bodies';

/**
 * The one reader of multipart forms. A form has no parsed body for the storable-text and
 * strict-bodies hooks to check, so every route that takes one reads it through `formParts`,
 * which holds each part to the form its endpoint declares in the contract (`form`, passed to
 * the route's config by registerEndpoints):
 *
 * - every field name and text value is text PostgreSQL can store (no NUL, no lone surrogate;
 *   the same rule as JSON bodies), or the answer is 400 `validation_error` naming the field;
 * - a text field is sent at most once, and a file field carries at most its number of files;
 * - a field the form does not name is refused (unless the form says `otherFields: 'ignore'`);
 * - a file declared as a web page, a script or a PDF is refused (415), whatever its bytes.
 *
 * A text field the form reads as JSON goes through `jsonFormField`, which holds the parsed
 * value to the same rule, naming the path inside it (`diagnostics.browser`).
 */

/** The route config registerEndpoints writes for a multipart endpoint. */
export interface FormRouteConfig {
  form?: MultipartForm;
}

function declaredForm(request: FastifyRequest): MultipartForm {
  const form = (request.routeOptions.config as FormRouteConfig | undefined)?.form;
  if (!form) throw new Error(`${request.method} ${request.routeOptions.url ?? request.url} reads a multipart form its contract entry does not declare`);
  return form;
}

/** Errors of the multipart parser a client causes, as 400s (the limits are mapped by each reader, with its own words). */
function clientError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_PROTO_VIOLATION') return new ValidationError('A field name is not allowed');
  if (code === 'FST_INVALID_JSON_FIELD_ERROR') return new ValidationError('A field sent as application/json is not valid JSON');
  return error;
}

/**
 * Content types a browser would open as a page, a script or a document. A file is recognised
 * by its bytes, never by the type the client declares (a photo may come as text/plain or
 * application/octet-stream), but a file declared as one of these is a document pretending to
 * be something else, or one that anything trusting the declared type would render: refused.
 */
const ACTIVE_CONTENT_TYPES = new Set([
  'text/html',
  'application/xhtml+xml',
  'image/svg+xml',
  'text/xml',
  'application/xml',
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
  'text/ecmascript',
  'application/pdf',
  'application/x-shockwave-flash',
  'application/java-archive',
]);

function assertNotActiveContent(field: string, declared: string): void {
  const type = declared.split(';')[0]!.trim().toLowerCase();
  if (ACTIVE_CONTENT_TYPES.has(type)) throw new AppError('unsupported_media_type', `${field} is sent as ${type}, which is not a file this form takes`, field);
}

/** The parts of the request's form, in order, each checked against the endpoint's form before it is handed out. */
export async function* formParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  const form = declaredForm(request);
  const counts = new Map<string, number>();
  const parts = request.parts()[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (error) {
      throw clientError(error);
    }
    if (next.done) return;
    const part = next.value;
    const name = part.fieldname;
    assertStorableText({ [name]: part.type === 'file' ? '' : part.value });
    const count = (counts.get(name) ?? 0) + 1;
    counts.set(name, count);
    if (part.type === 'file') {
      const most = Object.hasOwn(form.files, name) ? form.files[name] : undefined;
      if (most === undefined) throw new ValidationError(`Unexpected file field ${name}`, name);
      if (count > most) throw new ValidationError(most === 1 ? `Send one file in ${name}` : `Send at most ${most} files in ${name}`, name);
      assertNotActiveContent(name, part.mimetype);
    } else {
      if (part.fieldnameTruncated || part.valueTruncated) throw new ValidationError(`${name} is too long`, name);
      if (!form.fields.includes(name) && form.otherFields !== 'ignore') {
        throw new ValidationError(Object.hasOwn(form.files, name) ? `${name} must be a file` : unknownFieldsMessage([name]), name);
      }
      if (count > 1) throw new ValidationError(`Send ${name} once`, name);
    }
    yield part;
  }
}

/** A text part's value as the text the client sent (a part sent as application/json arrives parsed). */
export function formText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A text field that carries JSON: parsed, and held to the storable-text rule inside (the 400 names `field.path`). */
export function jsonFormField(field: string, text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ValidationError(`${field} must be JSON`, field);
  }
  assertStorableText(value, field);
  return value;
}
