import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api-client';

export interface LoginErrorView {
  /** The input the error belongs to; `undefined` shows it above the form. */
  field: 'phoneNumber' | 'code' | undefined;
  message: string;
}

/** Known server error codes → translated messages; others show the server's own message. */
const CODE_MESSAGES: Record<string, string> = {
  incorrect_code: 'errors.codeWrong',
  code_expired: 'errors.codeExpired',
  code_not_requested: 'errors.codeExpired',
  code_locked: 'errors.locked',
  too_many_requests: 'errors.rateLimited',
  NETWORK_ERROR: 'errors.network',
};

/** Errors about the attempt as a whole rather than one input. */
const FORM_LEVEL_KEYS = new Set(['errors.rateLimited', 'errors.network']);

/** Turns a failed login call into a message next to the right field. */
export function describeLoginError(error: unknown, t: TFunction<'auth'>): LoginErrorView {
  if (!isApiError(error)) return { field: undefined, message: t('errors.unexpected') };
  const field = error.field === 'phoneNumber' || error.field === 'code' ? error.field : undefined;
  const key = CODE_MESSAGES[error.code] ?? (error.status === 429 ? 'errors.rateLimited' : undefined);
  if (key) return { field: FORM_LEVEL_KEYS.has(key) ? undefined : (field ?? 'code'), message: t(key) };
  if (error.status >= 500) return { field: undefined, message: t('errors.server') };
  return { field, message: error.message };
}
