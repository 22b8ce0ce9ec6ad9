import { isNewsLanguage, type NewsLanguage } from '@saathi/shared/languages';
import type { TranslationDraft } from './desk-form';

export type DetailField = 'slug' | 'category' | 'tags' | 'author' | 'image';

export interface DeskFieldErrors {
  details: Partial<Record<DetailField, string>>;
  translations: Partial<Record<NewsLanguage, Partial<Record<keyof TranslationDraft, string>>>>;
}

export const NO_FIELD_ERRORS: DeskFieldErrors = { details: {}, translations: {} };

/**
 * Puts a message under the field a 400 named: `slug`, `tags.2`, `imageId`,
 * `translations.hi.title`. A field the form has no input for gives nothing (the alert above
 * the form says it).
 */
export function fieldErrorsOf(field: string | undefined, message: string): DeskFieldErrors {
  if (!field) return NO_FIELD_ERRORS;
  const [head, second, third] = field.split('.');
  if (head === 'translations' && second && isNewsLanguage(second)) {
    const part = third === 'title' || third === 'summary' || third === 'body' ? third : 'title';
    return { details: {}, translations: { [second]: { [part]: message } } };
  }
  const detail: DetailField | null =
    head === 'slug' || head === 'category' || head === 'tags' || head === 'author' ? head : head === 'imageId' ? 'image' : null;
  return detail ? { details: { [detail]: message }, translations: {} } : NO_FIELD_ERRORS;
}
