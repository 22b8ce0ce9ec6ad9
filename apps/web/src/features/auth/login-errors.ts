import { isApiError } from '../../lib/api-client';

export interface LoginErrorView {
  /** The input the error belongs to; `undefined` shows it above the form. */
  field: 'phoneNumber' | 'code' | undefined;
  message: string;
}

/** Codes about the code the person typed: shown on the code field. */
const CODE_FIELD_CODES = new Set(['incorrect_code', 'code_expired', 'code_not_requested', 'code_locked']);

/**
 * Puts a failed login call next to the right input. The text comes from the errors namespace
 * (`text` is useErrorText() of lib/error-text.ts); only the field is chosen here.
 */
export function describeLoginError(error: unknown, text: (error: unknown) => string): LoginErrorView {
  const message = text(error);
  if (!isApiError(error) || error.isNetworkError) return { field: undefined, message };
  const field = error.field === 'phoneNumber' || error.field === 'code' ? error.field : undefined;
  if (CODE_FIELD_CODES.has(error.code)) return { field: field ?? 'code', message };
  // Waiting and server trouble are about the attempt as a whole, not one input.
  if (error.status === 429 || error.status >= 500) return { field: undefined, message };
  return { field, message };
}
