import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { isErrorCode } from '@saathi/shared/errors';

/** Error text per field, keyed by the dotted path of the field ('name', 'emergencyContacts.0.phoneNumber'). */
export type FieldErrors = Record<string, string>;

/** Field names whose invalid values get a specific message instead of the generic one. */
const SPECIFIC_INVALID = new Set([
  'dob',
  'pincode',
  'phoneNumber',
  'whatsappNumber',
  'email',
  'location',
  'profession',
  'businessCategory',
  'name',
  'businessName',
]);

/**
 * Paths whose `name` is a person's (the name rule of @saathi/shared): the profile's, a contact's
 * in the list or in the add form. A saved place's name (`locations.0.name`) is not.
 */
const PERSON_NAME_PATH = /^(?:name|emergencyContacts\.\d+\.name)$/;

/**
 * The last named (non-index) segment of a path: 'emergencyContacts.0.phoneNumber' → 'phoneNumber'.
 * A point's coordinates ('locations.0.location.coordinates.1') count as its location.
 */
export function leafField(path: string): string {
  const named = path.split('.').filter((part) => !/^\d+$/.test(part));
  const leaf = named[named.length - 1] ?? path;
  return leaf === 'coordinates' ? 'location' : leaf;
}

/** Translated message for one failed field, by the kind of failure. */
export function messageForField(t: TFunction<'profile'>, path: string, kind: 'required' | 'tooLong' | 'invalid', max?: number): string {
  const leaf = leafField(path);
  if (kind === 'required') return t('validation.required');
  if (kind === 'tooLong') return t('validation.tooLong', { count: max ?? 0 });
  if (leaf === 'name' && !PERSON_NAME_PATH.test(path)) return t('validation.checkField');
  if (SPECIFIC_INVALID.has(leaf)) return t(`validation.invalid.${leaf}` as 'validation.invalid.dob');
  return t('validation.checkField');
}

/** Codes that only say "this input is wrong": the field's own message says it better. */
const GENERAL_CODES = new Set(['validation_error', 'bad_request']);

/**
 * The translated message of a server 400 naming `field`, and whether its code has its own text
 * (e.g. dob_change_not_allowed): that is the text of the code (`text`, from lib/error-text.ts),
 * anything general gets the message of the field it names.
 */
export function messageForServerError(
  t: TFunction<'profile'>,
  error: { code: string; field: string },
  text: (error: unknown) => string,
): { message: string; specific: boolean } {
  if (isErrorCode(error.code) && !GENERAL_CODES.has(error.code)) return { message: text(error), specific: true };
  return { message: messageForField(t, error.field, 'invalid'), specific: false };
}

/** Turns the issues of a shared zod schema into translated messages, first issue per field wins. */
export function fieldErrorsFromIssues(t: TFunction<'profile'>, issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (path === '' || errors[path] !== undefined) continue;
    errors[path] = messageForField(t, path, issueKind(issue), issueMax(issue));
  }
  return errors;
}

function issueKind(issue: z.core.$ZodIssue): 'required' | 'tooLong' | 'invalid' {
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) <= 1) return 'required';
  if (issue.code === 'too_big' && issue.origin === 'string') return 'tooLong';
  return 'invalid';
}

function issueMax(issue: z.core.$ZodIssue): number | undefined {
  return issue.code === 'too_big' ? Number(issue.maximum) : undefined;
}

/** Adding a typed item to a profile list (a contact, a location): the new list, or why not. */
export type AddResult<T> = { ok: true; items: T[] } | { ok: false; errors: FieldErrors };
