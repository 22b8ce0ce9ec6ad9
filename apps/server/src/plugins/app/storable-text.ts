import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ValidationError } from '../../core/errors';

/**
 * One rule for text PostgreSQL cannot store: a NUL character (`\u0000`) or half of a UTF-16
 * surrogate pair (`\ud800` alone) anywhere in a JSON body, the query or the path parameters is
 * refused with a 400 naming the field, before any route reads it. Without it such text reached
 * the database and came back as a 500 (issue 30), possibly after earlier writes of the request.
 * Emoji and every script the app speaks are well-formed and pass. Multipart forms have no parsed
 * body here: their reader (core/http/multipart-form.ts) holds each field to the same rule.
 */

const NUL = '\u0000';
/** In a `u` regex a surrogate pair is one code point, so `\p{Cs}` matches only a lone half. */
const LONE_SURROGATE = /\p{Cs}/u;

function isStorable(text: string): boolean {
  return !text.includes(NUL) && !LONE_SURROGATE.test(text);
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** The dotted path of the first key or string value that cannot be stored, or null. */
export function unstorableTextPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isStorable(value) ? null : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unstorableTextPath(item, join(path, String(index)));
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (!isStorable(key)) return join(path, Array.from(key, (char) => (isStorable(char) ? char : '?')).join(''));
    const found = unstorableTextPath(item, join(path, key));
    if (found !== null) return found;
  }
  return null;
}

/**
 * Throws the 400 for the first key or string of `value` that cannot be stored. `path` is where
 * `value` sits in the request (a multipart field's name), so the answer names the field.
 */
export function assertStorableText(value: unknown, path = ''): void {
  const found = unstorableTextPath(value, path);
  if (found !== null)
    throw new ValidationError(`${found || 'The request'} contains a character that cannot be saved (NUL or a broken emoji)`, found || undefined);
}

async function refuseUnstorableText(request: FastifyRequest): Promise<void> {
  for (const part of [request.params, request.query, request.body]) assertStorableText(part);
}

async function storableTextPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('preValidation', refuseUnstorableText);
}

/** Register before any route, like strict-bodies: hooks apply to the routes added after them. */
export const storableText = fp(storableTextPlugin, { name: 'storable-text' });
