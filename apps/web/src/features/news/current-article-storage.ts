import type { NewsArticle, NewsListItem } from '@saathi/shared';

/** SPEC.md: Read More saves the selected article and the full list under this key. */
export const CURRENT_ARTICLE_STORAGE_KEY = 'currentArticle';

/** A list item, or the whole article once its page has loaded it (then it opens offline in full). */
export type StoredArticle = NewsListItem & { bodyHtml?: string };

export interface StoredCurrentArticle {
  article: StoredArticle;
  articles: StoredArticle[];
}

function isArticle(value: unknown): value is StoredArticle {
  if (typeof value !== 'object' || value === null) return false;
  const a = value as Record<string, unknown>;
  return (
    typeof a.id === 'number' &&
    ['slug', 'language', 'title', 'summary', 'author'].every((field) => typeof a[field] === 'string') &&
    (a.bodyHtml === undefined || typeof a.bodyHtml === 'string')
  );
}

export function saveCurrentArticle(article: StoredArticle, articles: readonly StoredArticle[]): void {
  try {
    localStorage.setItem(CURRENT_ARTICLE_STORAGE_KEY, JSON.stringify({ article, articles }));
  } catch {
    // Storage full or disabled: the article page then needs the network.
  }
}

/** The saved article and list, or null when missing or in another shape (one saved by an older version). */
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

/** Whether `idOrSlug` (a route parameter) names `article`. */
export function namesArticle(idOrSlug: string, article: Pick<NewsListItem, 'id' | 'slug'>): boolean {
  return article.slug === idOrSlug || String(article.id) === idOrSlug;
}

/** The saved article that `idOrSlug` names, the selected one first, then the rest of the saved list. */
export function findSavedArticle(idOrSlug: string): StoredArticle | null {
  const saved = readCurrentArticle();
  if (!saved) return null;
  if (namesArticle(idOrSlug, saved.article)) return saved.article;
  return saved.articles.find((article) => namesArticle(idOrSlug, article)) ?? null;
}

/**
 * Keeps the whole text of an article its page loaded, in the selected article and in the list,
 * so it opens without a network next time. Nothing is saved for an article that was not chosen
 * from the list (a shared link): SPEC's key holds the reader's own selection.
 */
export function rememberFullArticle(full: NewsArticle): void {
  const saved = readCurrentArticle();
  if (!saved) return;
  const fill = (article: StoredArticle): StoredArticle =>
    article.id === full.id && article.language === full.language ? { ...article, ...withoutState(full) } : article;
  const articles = saved.articles.map(fill);
  const article = fill(saved.article);
  if (article === saved.article && articles.every((item, index) => item === saved.articles[index])) return;
  saveCurrentArticle(article, articles);
}

function withoutState(article: NewsArticle): StoredArticle {
  const { state: _state, ...rest } = article;
  return rest;
}
