import {
  NEWS_LANGUAGES,
  type CreateNewsArticleBody,
  type EditorNewsArticle,
  type EditorNewsList,
  type EditorNewsListQuery,
  type NewsLanguage,
  type NewsVersion,
  type NewsVersionList,
  type PublishNewsArticleBody,
  type UpdateNewsArticleBody,
} from '@saathi/shared';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { recordAudit } from '../../core/audit';
import type { Clock } from '../../core/clock';
import type { Database } from '../../core/db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../core/errors';
import type { AuthUser } from '../../plugins/app/auth';
import { breakingMessage } from './news-delivery';
import { renderNewsMarkdown } from './news-markdown';
import { decodeCursor, encodeCursor, isLive, snapshotOf, toDeskListItem, toEditorArticle, toVersionArticle, type NewsSnapshot } from './news.mapper';
import type { NewsListRepository } from './news-list.repository';
import type { ArticleChange, ArticleRow, NewsRepository, TranslationValues, VersionRow } from './news.repository';

type CreateBody = z.output<typeof CreateNewsArticleBody>;
type UpdateBody = z.output<typeof UpdateNewsArticleBody>;
type PublishBody = z.output<typeof PublishNewsArticleBody>;
type DeskQuery = z.output<typeof EditorNewsListQuery>;
type TranslationInput = { title: string; summary: string; body: string };

const notFound = () => new NotFoundError('There is no such article.', 'news_not_found');
const slugTaken = () => new ConflictError('Another article has (or had) this slug.', 'slug', 'news_slug_taken');
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** Digits alone name an article by id (`GET /news/42`), so a slug needs a letter. */
function assertSlugHasLetter(slug: string | undefined): void {
  if (slug !== undefined && /^[0-9-]+$/.test(slug)) throw new ValidationError('slug needs at least one letter (digits alone are an article id)', 'slug');
}

/** A slug from a title's Latin letters and digits; Hindi or Gujarati titles give none. */
export function slugFromTitle(title: string): string {
  const base = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return base.length >= 3 && /[a-z]/.test(base) ? base : 'article';
}

function render(translations: Partial<Record<NewsLanguage, TranslationInput>>): Partial<Record<NewsLanguage, TranslationValues>> {
  const out: Partial<Record<NewsLanguage, TranslationValues>> = {};
  for (const language of NEWS_LANGUAGES) {
    const t = translations[language];
    if (t) out[language] = { title: t.title, summary: t.summary, body: t.body, body_html: renderNewsMarkdown(t.body) };
  }
  return out;
}

const languagesOf = (translations: Partial<Record<NewsLanguage, unknown>>) => NEWS_LANGUAGES.filter((language) => translations[language] !== undefined);

/** The audit log's short summary of an article (not the whole text). */
const summaryOf = (row: Pick<ArticleRow, 'slug' | 'state' | 'version' | 'breaking'> & { published_at?: Date | null }) => ({
  slug: row.slug,
  state: row.state,
  version: row.version,
  breaking: row.breaking,
  publishedAt: row.published_at?.toISOString() ?? null,
});

export interface NewsDeskDeps {
  news: NewsRepository;
  lists: NewsListRepository;
  clock: Clock;
  /** Wakes the outbox worker after a breaking article was published. */
  kick: () => void;
}

/** The editors' desk. Who may call is the endpoints' `access: 'editor'` (editor or admin). */
export function createNewsDeskService({ news, lists, clock, kick }: NewsDeskDeps) {
  async function assertImage(imageId: number | null | undefined, trx: Transaction<Database>): Promise<void> {
    if (imageId != null && !(await news.imageExists(imageId, trx))) {
      throw new ValidationError('There is no uploaded picture with this id.', 'imageId', 'news_image_not_found');
    }
  }

  /** A free slug from the title: `title`, `title-2`, `title-3`... */
  async function inventSlug(title: string): Promise<string> {
    const base = slugFromTitle(title);
    for (let n = 1; n < 1000; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (await news.slugFree(slug)) return slug;
    }
    return `${base}-${Date.now().toString(36)}`;
  }

  /**
   * Ends every save: a version with the whole article, and the audit row, in the save's
   * transaction (so both exist exactly when the save does).
   */
  async function keepVersion(
    trx: Transaction<Database>,
    caller: AuthUser,
    id: number,
    change: VersionRow['change'],
    action: 'news_create' | 'news_edit' | 'news_publish' | 'news_schedule' | 'news_unpublish' | 'news_restore',
    before: ArticleRow | undefined,
    extra: Record<string, unknown> = {},
  ): Promise<ArticleRow> {
    const now = clock();
    const row = (await news.article(id, { trx })) as ArticleRow;
    const translations = await news.translations(id, trx);
    await news.insertVersion(trx, {
      articleId: id,
      version: row.version,
      change,
      state: row.state,
      snapshot: snapshotOf(row, translations),
      by: caller.id,
      now,
    });
    await recordAudit(trx, {
      actor: caller,
      action,
      target: { type: 'news_article', id },
      before: before ? summaryOf(before) : undefined,
      after: { ...summaryOf(row), ...extra },
      at: now,
    });
    return row;
  }

  async function editorView(id: number): Promise<EditorNewsArticle> {
    const row = await news.article(id);
    if (!row) throw notFound();
    return toEditorArticle(row, await news.translations(id), clock());
  }

  async function locked(trx: Transaction<Database>, id: number): Promise<ArticleRow> {
    const row = await news.article(id, { trx, forUpdate: true });
    if (!row) throw notFound();
    return row;
  }

  async function writeSlug(trx: Transaction<Database>, id: number, slug: string): Promise<void> {
    if (!(await news.claimSlug(trx, id, slug))) throw slugTaken();
  }

  /** Runs a save; a slug taken by a concurrent save (the unique index) is the same 409. */
  async function saving<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    try {
      return await news.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken();
      throw error;
    }
  }

  return {
    preview: (body: string) => ({ html: renderNewsMarkdown(body) }),

    get: editorView,

    async list(query: DeskQuery): Promise<EditorNewsList> {
      const rows = await lists.deskList({
        state: query.state,
        query: query.query || undefined,
        now: clock(),
        after: decodeCursor(query.cursor),
        limit: query.limit + 1,
      });
      const now = clock();
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => toDeskListItem(row, now)),
        nextCursor: rows.length > query.limit && last ? encodeCursor(last.updated_at, last.id) : null,
      };
    },

    async create(caller: AuthUser, body: CreateBody): Promise<EditorNewsArticle> {
      assertSlugHasLetter(body.slug);
      const translations = render(body.translations);
      const languages = languagesOf(translations);
      const slug = body.slug ?? (await inventSlug(translations[languages[0] as NewsLanguage]?.title ?? 'article'));
      const id = await saving(async (trx) => {
        await assertImage(body.imageId, trx);
        const now = clock();
        const articleId = await news.insertArticle(trx, {
          slug,
          category: body.category,
          tags: [...new Set(body.tags)],
          breaking: body.breaking,
          author: body.author,
          image_id: body.imageId,
          languages,
          by: caller.id,
          now,
        });
        await writeSlug(trx, articleId, slug);
        await news.writeTranslations(trx, articleId, translations);
        await keepVersion(trx, caller, articleId, 'created', 'news_create', undefined);
        return articleId;
      });
      return editorView(id);
    },

    async update(caller: AuthUser, id: number, body: UpdateBody): Promise<EditorNewsArticle> {
      assertSlugHasLetter(body.slug);
      await saving(async (trx) => {
        const before = await locked(trx, id);
        const current = await news.translations(id, trx);
        const next: Partial<Record<NewsLanguage, TranslationValues>> = Object.fromEntries(current.map(({ language, ...texts }) => [language, texts]));
        for (const language of NEWS_LANGUAGES) {
          const given = body.translations?.[language];
          if (given === null) delete next[language];
          else if (given !== undefined) next[language] = render({ [language]: given })[language];
        }
        const languages = languagesOf(next);
        if (languages.length === 0) throw new ValidationError('An article needs at least one language.', 'translations', 'news_needs_a_language');
        await assertImage(body.imageId, trx);
        const change: ArticleChange & { languages: NewsLanguage[] } = { languages };
        if (body.slug !== undefined && body.slug !== before.slug) {
          await writeSlug(trx, id, body.slug);
          change.slug = body.slug;
        }
        if (body.category !== undefined) change.category = body.category;
        if (body.tags !== undefined) change.tags = [...new Set(body.tags)];
        if (body.breaking !== undefined) change.breaking = body.breaking;
        if (body.author !== undefined) change.author = body.author;
        if (body.imageId !== undefined) change.image_id = body.imageId;
        await news.updateArticle(trx, id, change, caller.id, clock());
        await news.writeTranslations(trx, id, next);
        await keepVersion(trx, caller, id, 'edited', 'news_edit', before, change.slug ? { previousSlug: before.slug } : {});
      });
      return editorView(id);
    },

    /**
     * Now, or at `at` (a future time: scheduled; readers see it once the clock passes it).
     * Publishing what readers already see changes nothing and keeps no version.
     */
    async publish(caller: AuthUser, id: number, body: PublishBody): Promise<EditorNewsArticle> {
      const now = clock();
      const at = body.at === undefined ? now : new Date(body.at);
      const scheduled = at.getTime() > now.getTime();
      let woke = false;
      await news.transaction(async (trx) => {
        const before = await locked(trx, id);
        const wasLive = isLive(before, now);
        if (!scheduled && wasLive) return;
        const publishedAt = scheduled ? at : now;
        await news.updateArticle(
          trx,
          id,
          {
            state: scheduled ? 'scheduled' : 'published',
            publish_at: scheduled ? at : null,
            published_at: publishedAt,
            // A live article rescheduled for later has been public all the same.
            first_published_at: before.first_published_at ?? (wasLive ? before.published_at : scheduled ? null : now),
          },
          caller.id,
          now,
        );
        await keepVersion(trx, caller, id, scheduled ? 'scheduled' : 'published', scheduled ? 'news_schedule' : 'news_publish', before);
        // The breaking push is decided when the article goes out (the handler reads it then).
        await news.enqueue(trx, [breakingMessage(id, publishedAt, now)]);
        woke = !scheduled;
      });
      if (woke) kick();
      return editorView(id);
    },

    /** Takes a published or scheduled article down; anything else is left as it is. */
    async unpublish(caller: AuthUser, id: number): Promise<EditorNewsArticle> {
      const now = clock();
      await news.transaction(async (trx) => {
        const before = await locked(trx, id);
        if (before.state !== 'published' && before.state !== 'scheduled') return;
        await news.updateArticle(
          trx,
          id,
          { state: 'unpublished', publish_at: null, first_published_at: before.first_published_at ?? (isLive(before, now) ? before.published_at : null) },
          caller.id,
          now,
        );
        await keepVersion(trx, caller, id, 'unpublished', 'news_unpublish', before);
      });
      return editorView(id);
    },

    /** Only an article that was never public may go: a published one is unpublished instead. */
    async remove(caller: AuthUser, id: number): Promise<{ deleted: true }> {
      await news.transaction(async (trx) => {
        const before = await locked(trx, id);
        if (before.first_published_at !== null || isLive(before, clock())) {
          throw new ConflictError('This article has been published; unpublish it instead.', undefined, 'news_was_published');
        }
        await news.deleteArticle(trx, id);
        await recordAudit(trx, { actor: caller, action: 'news_delete', target: { type: 'news_article', id }, before: summaryOf(before), at: clock() });
      });
      return { deleted: true };
    },

    async versions(id: number): Promise<NewsVersionList> {
      if (!(await news.article(id))) throw notFound();
      const rows = await news.versions(id);
      return { items: rows.map(versionSummary) };
    },

    async version(id: number, version: number): Promise<NewsVersion> {
      const row = await news.article(id);
      const saved = row ? await news.version(id, version) : undefined;
      if (!row || !saved) throw notFound();
      const snapshot = saved.snapshot as NewsSnapshot;
      const images = await news.imageUrls(snapshot.imageId === null ? [] : [snapshot.imageId]);
      return {
        ...versionSummary(saved),
        article: toVersionArticle(row, snapshot, saved, snapshot.imageId === null ? undefined : images.get(snapshot.imageId)),
      };
    },

    /**
     * The content of a saved version (texts, category, tags, breaking, author, picture) becomes
     * current again as a new version; the state and the slug stay as they are.
     */
    async restore(caller: AuthUser, id: number, version: number): Promise<EditorNewsArticle> {
      await news.transaction(async (trx) => {
        const before = await locked(trx, id);
        const saved = await news.version(id, version, trx);
        if (!saved) throw notFound();
        const snapshot = saved.snapshot as NewsSnapshot;
        // Rendered again: the HTML follows today's sanitising rules, not those of the day it was saved.
        const translations = render(snapshot.translations);
        const imageId = snapshot.imageId !== null && (await news.imageExists(snapshot.imageId, trx)) ? snapshot.imageId : null;
        await news.updateArticle(
          trx,
          id,
          {
            category: snapshot.category,
            tags: snapshot.tags,
            breaking: snapshot.breaking,
            author: snapshot.author,
            image_id: imageId,
            languages: languagesOf(translations),
          },
          caller.id,
          clock(),
        );
        await news.writeTranslations(trx, id, translations);
        await keepVersion(trx, caller, id, 'restored', 'news_restore', before, { restoredFrom: version });
      });
      return editorView(id);
    },
  };
}

function versionSummary(row: VersionRow): NewsVersionList['items'][number] {
  const snapshot = row.snapshot as NewsSnapshot;
  const first = NEWS_LANGUAGES.map((language) => snapshot.translations[language]).find((t) => t !== undefined);
  return {
    version: row.version,
    savedAt: row.saved_at.toISOString(),
    savedBy: { id: row.saved_by, name: row.saver_name },
    change: row.change,
    state: row.state,
    title: first?.title ?? '',
  };
}

export type NewsDeskService = ReturnType<typeof createNewsDeskService>;
