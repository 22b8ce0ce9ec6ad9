import type { NewsCategory, NewsLanguage, NewsState } from '@saathi/shared';
import { sql } from 'kysely';
import type { DbRef } from '../../core/db/db-ref';

/** A row of the readers' list (one language version of a published article). */
export interface ListRow {
  id: number;
  slug: string;
  language: NewsLanguage;
  languages: NewsLanguage[];
  title: string;
  summary: string;
  author: string;
  category: NewsCategory;
  tags: string[];
  breaking: boolean;
  image_url: string | null;
  thumbnail_url: string | null;
  published_at: Date;
}

export interface ListParams {
  language: NewsLanguage;
  categories: readonly string[] | undefined;
  breakingOnly: boolean;
  now: Date;
  after: { at: Date; id: number } | undefined;
  limit: number;
}

export interface DeskListParams {
  /** The state readers would see it in: a due scheduled article counts as published. */
  state: NewsState | undefined;
  query: string | undefined;
  now: Date;
  after: { at: Date; id: number } | undefined;
  limit: number;
}

export interface DeskRow {
  id: number;
  slug: string;
  state: NewsState;
  publish_at: Date | null;
  published_at: Date | null;
  category: NewsCategory;
  breaking: boolean;
  thumbnail_url: string | null;
  version: number;
  updated_at: Date;
  languages: NewsLanguage[];
  title: string;
}

/** `%` and `_` are wildcards of LIKE: searched for as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The lists: readers' (and the feed's) and the desk's. */
export function createNewsListRepository(ref: DbRef) {
  return {
    /**
     * The readers' list: published versions in one language, newest first, after a keyset
     * cursor. One range of news_translations_list_idx (or _category_idx for one category, or
     * _breaking_idx), then the article and its picture by primary key for the page's rows.
     * A scheduled article is listed once its time has come: the clock decides, no job has to run.
     */
    async list(params: ListParams): Promise<ListRow[]> {
      const { language, categories, breakingOnly, now, after, limit } = params;
      const category =
        categories === undefined || categories.length === 0
          ? sql``
          : categories.length === 1
            ? sql`AND t.category = ${categories[0]}`
            : sql`AND t.category = ANY(${[...categories]}::text[])`;
      const cursor = after ? sql`AND (t.published_at, t.article_id) < (${after.at}, ${after.id})` : sql``;
      const result = await sql<ListRow>`
        SELECT t.article_id AS id, a.slug, t.language, a.languages, t.title, t.summary, a.author,
               t.category, a.tags, t.breaking, i.image_url, i.thumbnail_url, t.published_at
        FROM news_translations t
        JOIN news_articles a ON a.id = t.article_id
        LEFT JOIN news_images i ON i.id = a.image_id
        WHERE t.language = ${language}
          AND t.state IN ('published', 'scheduled')
          AND t.published_at <= ${now}
          ${category}
          ${breakingOnly ? sql`AND t.breaking` : sql``}
          ${cursor}
        ORDER BY t.published_at DESC, t.article_id DESC
        LIMIT ${limit}`.execute(ref.db);
      return result.rows;
    },

    /** The desk: every article, the newest change first (news_articles_updated_idx / _state_updated_idx). */
    async deskList(params: DeskListParams): Promise<DeskRow[]> {
      const { state, query, now, after, limit } = params;
      const byState =
        state === undefined
          ? sql``
          : state === 'published'
            ? sql`AND (a.state = 'published' OR (a.state = 'scheduled' AND a.published_at <= ${now}))`
            : state === 'scheduled'
              ? sql`AND a.state = 'scheduled' AND a.published_at > ${now}`
              : sql`AND a.state = ${state}`;
      const words = query
        ? sql`AND (a.slug ILIKE ${likePattern(query)} OR EXISTS (
              SELECT 1 FROM news_translations s WHERE s.article_id = a.id AND s.title ILIKE ${likePattern(query)}))`
        : sql``;
      const cursor = after ? sql`AND (a.updated_at, a.id) < (${after.at}, ${after.id})` : sql``;
      const result = await sql<DeskRow>`
        SELECT a.id, a.slug, a.state, a.publish_at, a.published_at, a.category, a.breaking, i.thumbnail_url,
               a.version, a.updated_at, a.languages,
               (SELECT t.title FROM news_translations t WHERE t.article_id = a.id
                 ORDER BY array_position(ARRAY['en', 'hi', 'gu'], t.language) LIMIT 1) AS title
        FROM news_articles a
        LEFT JOIN news_images i ON i.id = a.image_id
        WHERE true ${byState} ${words} ${cursor}
        ORDER BY a.updated_at DESC, a.id DESC
        LIMIT ${limit}`.execute(ref.db);
      return result.rows;
    },

    /** The latest published articles in a language, for the RSS feed. */
    async feed(language: NewsLanguage, now: Date, limit: number): Promise<ListRow[]> {
      return this.list({ language, categories: undefined, breakingOnly: false, now, after: undefined, limit });
    },
  };
}

export type NewsListRepository = ReturnType<typeof createNewsListRepository>;
