import type { EditorNewsArticle, EditorNewsList, NewsArticle, NewsCategory, NewsLanguage, NewsListItem, NewsState } from '@saathi/shared';
import { ValidationError } from '../../core/errors';
import type { DeskRow, ListRow } from './news-list.repository';
import type { ArticleRow, TranslationRow, TranslationValues } from './news.repository';

/** Readers see it: published, or scheduled and its time has come. */
export function isLive(row: Pick<ArticleRow, 'state' | 'published_at'>, now: Date): boolean {
  return (row.state === 'published' || row.state === 'scheduled') && row.published_at !== null && row.published_at.getTime() <= now.getTime();
}

/** The state as everyone sees it: a scheduled article whose time has come is published. */
export function effectiveState(row: Pick<ArticleRow, 'state' | 'published_at'>, now: Date): NewsState {
  return row.state === 'scheduled' && isLive(row, now) ? 'published' : row.state;
}

/** The whole article as a version keeps it (every language, its Markdown and its HTML). */
export interface NewsSnapshot {
  slug: string;
  state: NewsState;
  publishAt: string | null;
  publishedAt: string | null;
  category: NewsCategory;
  tags: string[];
  breaking: boolean;
  author: string;
  imageId: number | null;
  translations: Partial<Record<NewsLanguage, TranslationValues>>;
}

export function snapshotOf(row: ArticleRow, translations: readonly TranslationRow[]): NewsSnapshot {
  return {
    slug: row.slug,
    state: row.state,
    publishAt: row.publish_at?.toISOString() ?? null,
    publishedAt: row.published_at?.toISOString() ?? null,
    category: row.category,
    tags: row.tags,
    breaking: row.breaking,
    author: row.author,
    imageId: row.image_id,
    translations: Object.fromEntries(translations.map(({ language, title, summary, body, body_html }) => [language, { title, summary, body, body_html }])),
  };
}

const textsOf = (translations: NewsSnapshot['translations']): EditorNewsArticle['translations'] =>
  Object.fromEntries(Object.entries(translations).map(([language, t]) => [language, { title: t.title, summary: t.summary, body: t.body }]));

/** What the desk edits: every language as Markdown, the state as readers see it. */
export function toEditorArticle(row: ArticleRow, translations: readonly TranslationRow[], now: Date): EditorNewsArticle {
  return {
    ...deskState(row, now),
    tags: row.tags,
    author: row.author,
    imageId: row.image_id,
    imageUrl: row.image_url,
    translations: textsOf(snapshotOf(row, translations).translations),
    createdAt: row.created_at.toISOString(),
  };
}

/** A row of the desk's list: the article as the desk sees it, under its first language's title. */
export function toDeskListItem(row: DeskRow, now: Date): EditorNewsList['items'][number] {
  return { ...deskState(row, now), title: row.title, languages: row.languages };
}

/**
 * What the desk shows of any article, in its list and in full: the state as readers see it,
 * with the scheduled time only while scheduled and the publication time once it was published.
 */
function deskState(row: Omit<DeskRow, 'title' | 'languages'>, now: Date) {
  const state = effectiveState(row, now);
  return {
    id: row.id,
    slug: row.slug,
    state,
    publishAt: row.state === 'scheduled' ? (row.publish_at?.toISOString() ?? null) : null,
    publishedAt: row.published_at && (state === 'published' || state === 'unpublished') ? row.published_at.toISOString() : null,
    category: row.category,
    breaking: row.breaking,
    thumbnailUrl: row.thumbnail_url,
    version: row.version,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A saved version as the desk views it before restoring: the article as it was then. */
export function toVersionArticle(
  row: ArticleRow,
  snapshot: NewsSnapshot,
  version: { version: number; saved_at: Date },
  image: { image_url: string; thumbnail_url: string } | undefined,
): EditorNewsArticle {
  return {
    id: row.id,
    slug: snapshot.slug,
    state: snapshot.state,
    publishAt: snapshot.state === 'scheduled' ? snapshot.publishAt : null,
    publishedAt: snapshot.state === 'published' || snapshot.state === 'unpublished' ? snapshot.publishedAt : null,
    category: snapshot.category,
    tags: snapshot.tags,
    breaking: snapshot.breaking,
    author: snapshot.author,
    imageId: snapshot.imageId,
    imageUrl: image?.image_url ?? null,
    thumbnailUrl: image?.thumbnail_url ?? null,
    translations: textsOf(snapshot.translations),
    version: version.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: version.saved_at.toISOString(),
  };
}

/** What readers see of any article, in the list and in full, besides its language's texts. */
function readerFields(row: Pick<ListRow, 'id' | 'slug' | 'languages' | 'author' | 'category' | 'tags' | 'breaking' | 'image_url' | 'thumbnail_url'>) {
  return {
    id: row.id,
    slug: row.slug,
    languages: row.languages,
    author: row.author,
    category: row.category,
    tags: row.tags,
    breaking: row.breaking,
    imageUrl: row.image_url,
    thumbnailUrl: row.thumbnail_url,
  };
}

export function toListItem(row: ListRow): NewsListItem {
  return { ...readerFields(row), language: row.language, title: row.title, summary: row.summary, publishedAt: row.published_at.toISOString() };
}

export function toReaderArticle(row: ArticleRow, translation: TranslationRow, options: { now: Date; forEditor: boolean }): NewsArticle {
  const state = effectiveState(row, options.now);
  return {
    ...readerFields(row),
    language: translation.language,
    title: translation.title,
    summary: translation.summary,
    publishedAt: state === 'published' && row.published_at ? row.published_at.toISOString() : null,
    bodyHtml: translation.body_html,
    ...(options.forEditor ? { state } : {}),
  };
}

/**
 * Keyset cursors: the last row's time (milliseconds; the columns are timestamptz(3)) and id,
 * as opaque base64url text.
 */
export function encodeCursor(at: Date, id: number): string {
  return Buffer.from(`${at.getTime()}.${id}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): { at: Date; id: number } | undefined {
  if (cursor === undefined) return undefined;
  const match = /^(-?\d{1,15})\.(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const id = Number(match?.[2]);
  if (!match || !Number.isSafeInteger(id) || id > 2_147_483_647) throw new ValidationError('cursor is not one this server gave', 'cursor');
  return { at: new Date(Number(match[1])), id };
}
