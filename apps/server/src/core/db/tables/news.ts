import type { ColumnType, Generated } from 'kysely';
import type { NewsLanguage, NewsState } from '@saathi/shared';
import type { Default } from './columns';

export type { NewsLanguage };

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** An article (migration 0021); its text lives in news_translations, one row per language. */
export interface NewsArticlesTable {
  id: Generated<number>;
  slug: string;
  state: Default<NewsState>;
  publish_at: NullableTimestamp;
  published_at: NullableTimestamp;
  first_published_at: NullableTimestamp;
  category: string;
  tags: Default<string[]>;
  breaking: Default<boolean>;
  author: string;
  image_id: number | null;
  languages: NewsLanguage[];
  version: Default<number>;
  created_by: number | null;
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * One language version. state, published_at, category and breaking are copies of the
 * article's, written by triggers (whatever an insert or update gives them is replaced).
 */
export interface NewsTranslationsTable {
  article_id: number;
  language: NewsLanguage;
  title: string;
  summary: Default<string>;
  body: string;
  body_html: string;
  state: ColumnType<NewsState, never, never>;
  published_at: ColumnType<Date | null, never, never>;
  category: ColumnType<string, never, never>;
  breaking: ColumnType<boolean, never, never>;
}

export interface NewsArticleVersionsTable {
  article_id: number;
  version: number;
  change: 'created' | 'edited' | 'published' | 'scheduled' | 'unpublished' | 'restored';
  state: NewsState;
  /** JSON text on write; the parsed snapshot on read. */
  snapshot: ColumnType<unknown, string, string>;
  saved_by: number | null;
  saved_at: Timestamp;
}

export interface NewsSlugsTable {
  slug: string;
  article_id: number;
  created_at: Generated<Date>;
}

export interface NewsImagesTable {
  id: Generated<number>;
  image_key: string;
  image_url: string;
  thumbnail_key: string;
  thumbnail_url: string;
  width: number;
  height: number;
  uploaded_by: number | null;
  created_at: Generated<Date>;
}

export interface NewsBreakingPushesTable {
  article_id: number;
  user_id: number;
  /** 'YYYY-MM-DD', India's calendar. */
  india_day: ColumnType<string, string, string>;
  delivered_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface NewsTables {
  news_articles: NewsArticlesTable;
  news_translations: NewsTranslationsTable;
  news_article_versions: NewsArticleVersionsTable;
  news_slugs: NewsSlugsTable;
  news_images: NewsImagesTable;
  news_breaking_pushes: NewsBreakingPushesTable;
}
