import type { TFunction } from 'i18next';
import type { z } from 'zod';

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
]);

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
export function messageForField(
  t: TFunction<'profile'>,
  path: string,
  kind: 'required' | 'tooLong' | 'invalid',
  max?: number,
): string {
  const leaf = leafField(path);
  if (kind === 'required') return t('validation.required');
  if (kind === 'tooLong') return t('validation.tooLong', { count: max ?? 0 });
  if (SPECIFIC_INVALID.has(leaf)) return t(`validation.invalid.${leaf}` as 'validation.invalid.dob');
  return t('validation.checkField');
}

/**
 * Server error codes with a message of their own (as in auth/login-errors.ts); other 400s get
 * the message of the field they name.
 */
const SERVER_CODE_MESSAGES: Record<string, 'serverErrors.dobChangeNotAllowed'> = {
  dob_change_not_allowed: 'serverErrors.dobChangeNotAllowed',
};

/** The translated message of a server 400 naming `field`, and whether its code has its own text. */
export function messageForServerError(t: TFunction<'profile'>, code: string, field: string): { message: string; specific: boolean } {
  const key = SERVER_CODE_MESSAGES[code];
  if (key) return { message: t(key), specific: true };
  return { message: messageForField(t, field, 'invalid'), specific: false };
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
