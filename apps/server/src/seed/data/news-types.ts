import type { NewsCategory } from '@saathi/shared';

/** A news article; `image` is the number of media/news/news-N.jpg (and its -thumb). */
export interface DemoArticle {
  image: number;
  title: string;
  summary: string;
  author: string;
  category: NewsCategory;
  tags: string[];
  /** Days before the seed ran. */
  daysAgo: number;
  /** Paragraphs separated by blank lines. */
  content: string;
}

/** An article's Hindi or Gujarati version: `content` is Markdown like the English one. */
export interface DemoTranslation {
  title: string;
  summary: string;
  body: string;
}
