import type { Generated } from 'kysely';
import type { Default } from './columns';

import type { NewsLanguage } from '@saathi/shared';

export type { NewsLanguage };

export interface NewsArticlesTable {
  id: Generated<number>;
  title: string;
  summary: string | null;
  content: string;
  author: Default<string>;
  thumbnail_url: string | null;
  image_url: string | null;
  language: Default<NewsLanguage>;
  category: Default<string>;
  status: Default<'draft' | 'published'>;
  published_at: Default<Date>;
  created_by: number | null;
  created_at: Default<Date>;
  updated_at: Default<Date>;
}

export interface NewsTables {
  news_articles: NewsArticlesTable;
}
