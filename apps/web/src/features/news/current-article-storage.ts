import type { NewsArticle } from './articles';

/** SPEC.md: Read More saves the selected article and the full list under this key. */
export const CURRENT_ARTICLE_STORAGE_KEY = 'currentArticle';

export interface StoredCurrentArticle {
  article: NewsArticle;
  articles: NewsArticle[];
}

function isArticle(value: unknown): value is NewsArticle {
  if (typeof value !== 'object' || value === null) return false;
  const a = value as Record<string, unknown>;
  return ['key', 'title', 'thumbnail', 'image', 'tint', 'author', 'date', 'content'].every((field) => typeof a[field] === 'string');
}

export function saveCurrentArticle(article: NewsArticle, articles: readonly NewsArticle[]): void {
  try {
    localStorage.setItem(CURRENT_ARTICLE_STORAGE_KEY, JSON.stringify({ article, articles }));
  } catch {
    // Storage full or disabled: the article page falls back to the bundled list.
  }
}

/** The saved article and list, or null when missing or not in the expected shape. */
export function readCurrentArticle(): StoredCurrentArticle | null {
  try {
    const raw = localStorage.getItem(CURRENT_ARTICLE_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { article?: unknown; articles?: unknown };
    if (!isArticle(parsed.article) || !Array.isArray(parsed.articles) || !parsed.articles.every(isArticle)) return null;
    return { article: parsed.article, articles: parsed.articles };
  } catch {
    return null;
  }
}
