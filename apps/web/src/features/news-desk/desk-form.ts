import {
  INDIA_OFFSET_MS,
  parseIndiaDateTime,
  type CreateNewsArticleBody,
  type EditorNewsArticle,
  type NewsCategory,
  type UpdateNewsArticleBody,
} from '@saathi/shared';
import { NEWS_LANGUAGES, type NewsLanguage } from '@saathi/shared/languages';
import { formatIndiaDateTime } from '../../lib/india-time-format';

/** One language of the article as the editor types it: Markdown body. */
export interface TranslationDraft {
  title: string;
  summary: string;
  body: string;
}

export interface ArticleImageRef {
  id: number;
  thumbnailUrl: string | null;
  imageUrl: string | null;
}

/** The editor's form: everything a save sends. Tags are typed as one comma-separated line. */
export interface DeskForm {
  slug: string;
  category: NewsCategory;
  tags: string;
  breaking: boolean;
  author: string;
  image: ArticleImageRef | null;
  translations: Record<NewsLanguage, TranslationDraft>;
}

const EMPTY_TRANSLATION: TranslationDraft = { title: '', summary: '', body: '' };

export function emptyForm(author = ''): DeskForm {
  return {
    slug: '',
    category: 'safety',
    tags: '',
    breaking: false,
    author,
    image: null,
    translations: { en: { ...EMPTY_TRANSLATION }, hi: { ...EMPTY_TRANSLATION }, gu: { ...EMPTY_TRANSLATION } },
  };
}

export function formFromArticle(article: EditorNewsArticle): DeskForm {
  const translation = (language: NewsLanguage): TranslationDraft => ({ ...EMPTY_TRANSLATION, ...article.translations[language] });
  return {
    slug: article.slug,
    category: article.category,
    tags: article.tags.join(', '),
    breaking: article.breaking,
    author: article.author,
    image: article.imageId === null ? null : { id: article.imageId, thumbnailUrl: article.thumbnailUrl, imageUrl: article.imageUrl },
    translations: { en: translation('en'), hi: translation('hi'), gu: translation('gu') },
  };
}

/** A language counts as written once any of its fields has text. */
export function isWritten(translation: TranslationDraft): boolean {
  return translation.title.trim() !== '' || translation.summary.trim() !== '' || translation.body.trim() !== '';
}

export function writtenLanguages(form: DeskForm): NewsLanguage[] {
  return NEWS_LANGUAGES.filter((language) => isWritten(form.translations[language]));
}

/** "Monsoon, Safety ,, roads" → ['monsoon', 'safety', 'roads'] (the server lower-cases too). */
export function tagsOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((tag) => tag.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

function translationBody(translation: TranslationDraft) {
  return { title: translation.title.trim(), summary: translation.summary.trim(), body: translation.body };
}

/** The fields a new article and a change send alike. */
function detailsBody(form: DeskForm) {
  return { category: form.category, tags: tagsOf(form.tags), breaking: form.breaking, author: form.author.trim(), imageId: form.image?.id ?? null };
}

/** `POST /news`: the written languages only; without a slug the server makes one from the title. */
export function createBodyOf(form: DeskForm): CreateNewsArticleBody {
  const translations: CreateNewsArticleBody['translations'] = {};
  for (const language of writtenLanguages(form)) translations[language] = translationBody(form.translations[language]);
  const slug = form.slug.trim();
  return {
    ...(slug ? { slug } : {}),
    ...detailsBody(form),
    translations,
  };
}

/**
 * `PATCH /news/:id`: every field as the form has it; a language the article had and whose
 * fields were all emptied is removed (null), one never written is left out.
 */
export function updateBodyOf(form: DeskForm, saved: EditorNewsArticle): UpdateNewsArticleBody {
  const translations: NonNullable<UpdateNewsArticleBody['translations']> = {};
  for (const language of NEWS_LANGUAGES) {
    if (isWritten(form.translations[language])) translations[language] = translationBody(form.translations[language]);
    else if (saved.translations[language]) translations[language] = null;
  }
  return {
    slug: form.slug.trim(),
    ...detailsBody(form),
    translations,
  };
}

/** Whether the form differs from what was saved (a new article: whether anything was typed). */
export function isDirty(form: DeskForm, saved: EditorNewsArticle | null): boolean {
  const reference = saved ? formFromArticle(saved) : emptyForm(form.author);
  return JSON.stringify({ ...form, tags: tagsOf(form.tags) }) !== JSON.stringify({ ...reference, tags: tagsOf(reference.tags) });
}

/**
 * The value of an `<input type="datetime-local">` showing `at` on India's clock
 * ('2026-11-20T18:30'), whatever the device's time zone: the desk schedules in IST.
 */
export function istInputValue(at: Date): string {
  return new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 16);
}

/** The instant an India wall-clock input value names, or undefined when it is not one. */
export function instantFromIstInput(value: string): Date | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return undefined;
  return parseIndiaDateTime(`${match[1]} ${match[2]}:${match[3] ?? '00'}`);
}

/** An instant as India date and time in the UI language, e.g. "20 Nov 2026, 6:30 pm IST". */
export function formatIst(iso: string | null, language: string): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return `${formatIndiaDateTime(at, language)} IST`;
}
