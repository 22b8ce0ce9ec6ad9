import { useCallback } from 'react';
import i18next, { type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '@saathi/shared/errors';
import { isApiError } from './api-client';
import { waitText } from './wait-text';

/**
 * Every error a person sees is the text of its code in their language (locales/<lang>/errors.json),
 * never the server's English `message` (that is for logs and API readers).
 */
export const ERRORS_NAMESPACE = 'errors';

/** The keys of the errors namespace: one per API error code, and the app's own two. */
export type ErrorTextKey = ErrorCode | 'network_error' | 'unknown';

/** An API error code's shape; the server answers only codes of the closed list (errors.ts). */
const CODE_SHAPE = /^[a-z]+(?:_[a-z]+)*$/;

/**
 * Which text an error gets: its code; a network failure, any 5xx or anything else gets a
 * general one. A code the web app has no text for (a newer server) falls back to `unknown` in
 * errorText; the code list itself stays out of the bundle.
 */
export function errorTextKey(error: unknown): ErrorTextKey {
  if (!isApiError(error)) return 'unknown';
  if (error.isNetworkError) return 'network_error';
  if (CODE_SHAPE.test(error.code)) return error.code as ErrorCode;
  return error.status >= 500 ? 'internal_error' : 'unknown';
}

/**
 * The text of any thrown error in the language of `t`, with the answer's `params` filled in.
 * `{{wait}}` is worded from `params.seconds` ("a moment" without it). The errors namespace
 * must be loaded (useErrorText does that); keys are looked up with the `errors:` prefix, so
 * any `t` works.
 */
export function errorText(error: unknown, t: TFunction, language: string): string {
  const key = errorTextKey(error);
  const params = isApiError(error) ? (error.params ?? {}) : {};
  const seconds = Number(params.seconds);
  const wait = Number.isFinite(seconds) && seconds > 0 ? waitText(seconds, language) : t('errors:aMoment');
  const fallback = isApiError(error) && error.status >= 500 ? 'internal_error' : 'unknown';
  return t([`${ERRORS_NAMESPACE}:${key}`, `${ERRORS_NAMESPACE}:${fallback}`], { ...params, wait });
}

/**
 * `(error) => text` in the current language. Loads the errors namespace without suspending
 * (the screen is up before anything fails); in the moment before it arrives an API answer
 * shows its own message.
 */
export function useErrorText(): (error: unknown) => string {
  const { t, i18n, ready } = useTranslation(ERRORS_NAMESPACE, { useSuspense: false });
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useCallback(
    (error: unknown) => {
      if (!ready) return isApiError(error) ? error.message : 'Something went wrong. Please try again.';
      return errorText(error, t, language);
    },
    [ready, t, language],
  );
}

/** The text of `error` in the app's current language, loading the errors namespace first (outside React). */
export async function loadErrorText(error: unknown): Promise<string> {
  await i18next.loadNamespaces(ERRORS_NAMESPACE);
  return errorText(error, i18next.t, i18next.resolvedLanguage ?? i18next.language);
}

/**
 * A refusal: the server answered and said no with a code (4xx), so trying again would be refused
 * again; the person is told its reason (errorText), not "try again". Network failures and 5xx are not.
 */
export function isRefusal(error: unknown): boolean {
  return isApiError(error) && !error.isNetworkError && error.status >= 400 && error.status < 500 && CODE_SHAPE.test(error.code);
}
