import { hasRole, type NewsArticle, type NewsLanguage, type NewsList, type NewsListQuery } from '@saathi/shared';
import type { z } from 'zod';
import type { Clock } from '../../core/clock';
import { NotFoundError } from '../../core/errors';
import type { AuthUser } from '../../plugins/app/auth';
import { decodeCursor, encodeCursor, isLive, toListItem, toReaderArticle } from './news.mapper';
import type { NewsListRepository } from './news-list.repository';
import type { ArticleRow, NewsRepository, TranslationRow } from './news.repository';

type ListQuery = z.output<typeof NewsListQuery>;

/** What a reader asked for: the article, or the current slug its old one redirects to. */
export type ArticleLookup = { article: NewsArticle } | { redirectTo: string };

const MAX_ID = 2_147_483_647;
const notFound = () => new NotFoundError('There is no such article.', 'news_not_found');

/** Editors and admins also read drafts, scheduled and unpublished articles. */
export const readsEverything = (caller: AuthUser | null) => !!caller && hasRole(caller.roles, 'editor');

export function createNewsReaderService({ news, lists, clock }: { news: NewsRepository; lists: NewsListRepository; clock: Clock }) {
  /**
   * By id (digits), current slug, or an old slug (then `redirected`), with the version in
   * `language`; only what the caller may see.
   */
  async function find(
    idOrSlug: string,
    caller: AuthUser | null,
    language?: NewsLanguage,
  ): Promise<{ row: ArticleRow; translation: TranslationRow | null; redirected: boolean } | undefined> {
    const key = idOrSlug.trim().toLowerCase();
    let found: (ArticleRow & { translation: TranslationRow | null }) | undefined;
    let redirected = false;
    if (/^\d{1,10}$/.test(key)) {
      const id = Number(key);
      found = id >= 1 && id <= MAX_ID ? await news.readerArticle({ id }, language) : undefined;
    } else {
      found = await news.readerArticle({ slug: key }, language);
      if (!found) {
        const old = await news.articleByAnySlug(key);
        found = old ? { ...old, translation: null } : undefined;
        redirected = found !== undefined;
      }
    }
    if (!found || (!isLive(found, clock()) && !readsEverything(caller))) return undefined;
    const { translation, ...row } = found;
    return { row, translation, redirected };
  }

  return {
    find,

    async list(query: ListQuery): Promise<NewsList> {
      const rows = await lists.list({
        language: query.language,
        categories: query.category,
        breakingOnly: query.type === 'breaking',
        now: clock(),
        after: decodeCursor(query.cursor),
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return { items: page.map(toListItem), nextCursor: rows.length > query.limit && last ? encodeCursor(last.published_at, last.id) : null };
    },

    async article(idOrSlug: string, language: NewsLanguage | undefined, caller: AuthUser | null): Promise<ArticleLookup> {
      const found = await find(idOrSlug, caller, language);
      if (!found) throw notFound();
      if (found.redirected) return { redirectTo: found.row.slug };
      if (!found.translation) throw notFound();
      return { article: toReaderArticle(found.row, found.translation, { now: clock(), forEditor: readsEverything(caller) }) };
    },
  };
}

export type NewsReaderService = ReturnType<typeof createNewsReaderService>;
