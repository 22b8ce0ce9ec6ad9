import { NEWS_LANGUAGES, type NewsCategory, type NewsLanguage, type NewsState } from '@saathi/shared';
import { sql, type Kysely, type Transaction } from 'kysely';
import { enqueue, type OutboxMessage } from '../../core/outbox';
import type { DbRef } from '../../core/db/db-ref';
import type { Database } from '../../core/db/schema';
import type { NewsArticleVersionsTable } from '../../core/db/tables/news';

type Db = Kysely<Database> | Transaction<Database>;

/** An article with its picture's URLs, as the services read it. */
export interface ArticleRow {
  id: number;
  slug: string;
  state: NewsState;
  publish_at: Date | null;
  published_at: Date | null;
  first_published_at: Date | null;
  category: NewsCategory;
  tags: string[];
  breaking: boolean;
  author: string;
  image_id: number | null;
  languages: NewsLanguage[];
  version: number;
  created_at: Date;
  updated_at: Date;
  image_url: string | null;
  thumbnail_url: string | null;
}

export interface TranslationRow {
  language: NewsLanguage;
  title: string;
  summary: string;
  body: string;
  body_html: string;
}

/** A version being written: the language texts with their rendered HTML. */
export type TranslationValues = Omit<TranslationRow, 'language'>;

/** The columns of news_articles a save may set. */
export interface ArticleChange {
  slug?: string;
  state?: NewsState;
  publish_at?: Date | null;
  published_at?: Date | null;
  first_published_at?: Date | null;
  category?: NewsCategory;
  tags?: string[];
  breaking?: boolean;
  author?: string;
  image_id?: number | null;
}

export interface VersionRow {
  version: number;
  change: NewsArticleVersionsTable['change'];
  state: NewsState;
  snapshot: unknown;
  saved_at: Date;
  saved_by: number | null;
  saver_name: string | null;
}

function articleQuery(db: Db) {
  return db
    .selectFrom('news_articles as a')
    .leftJoin('news_images as i', 'i.id', 'a.image_id')
    .select([
      'a.id',
      'a.slug',
      'a.state',
      'a.publish_at',
      'a.published_at',
      'a.first_published_at',
      sql<NewsCategory>`a.category`.as('category'),
      'a.tags',
      'a.breaking',
      'a.author',
      'a.image_id',
      'a.languages',
      'a.version',
      'a.created_at',
      'a.updated_at',
      'i.image_url',
      'i.thumbnail_url',
    ]);
}

export function createNewsRepository(ref: DbRef) {
  return {
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return ref.db.transaction().execute(work);
    },

    /** The article, locked for a save when `forUpdate` (two editors' saves then queue up). */
    async article(id: number, options: { trx?: Transaction<Database>; forUpdate?: boolean } = {}): Promise<ArticleRow | undefined> {
      let query = articleQuery(options.trx ?? ref.db).where('a.id', '=', id);
      if (options.forUpdate) query = query.forUpdate('a');
      return query.executeTakeFirst();
    },

    /** The article whose current slug this is. */
    async articleBySlug(slug: string): Promise<ArticleRow | undefined> {
      return articleQuery(ref.db).where('a.slug', '=', slug).executeTakeFirst();
    },

    /**
     * A reader's article in one query: by id or current slug, with the version in `language`
     * (else the first of en, hi, gu) picked by a lateral join on news_translations' primary key.
     */
    async readerArticle(
      key: { id: number } | { slug: string },
      language: NewsLanguage | undefined,
    ): Promise<(ArticleRow & { translation: TranslationRow | null }) | undefined> {
      // The language is picked from the primary key alone, so only the chosen version's
      // (compressed) body is read.
      const row = await articleQuery(ref.db)
        .leftJoinLateral(
          (eb) =>
            eb
              .selectFrom('news_translations as p')
              .select('p.language')
              .whereRef('p.article_id', '=', 'a.id')
              .orderBy(sql`p.language = ${language ?? ''}`, 'desc')
              .orderBy(sql`array_position(ARRAY['en', 'hi', 'gu'], p.language)`)
              .limit(1)
              .as('pick'),
          (join) => join.onTrue(),
        )
        .leftJoin('news_translations as t', (join) => join.onRef('t.article_id', '=', 'a.id').onRef('t.language', '=', 'pick.language'))
        .select(['t.language as t_language', 't.title as t_title', 't.summary as t_summary', 't.body as t_body', 't.body_html as t_body_html'])
        .where('id' in key ? sql<boolean>`a.id = ${key.id}` : sql<boolean>`a.slug = ${key.slug}`)
        .executeTakeFirst();
      if (!row) return undefined;
      const { t_language, t_title, t_summary, t_body, t_body_html, ...article } = row;
      const translation =
        t_language === null || t_title === null || t_summary === null || t_body === null || t_body_html === null
          ? null
          : { language: t_language, title: t_title, summary: t_summary, body: t_body, body_html: t_body_html };
      return { ...article, translation };
    },

    /** The article that once had this slug (news_slugs keeps every slug an article had). */
    async articleByAnySlug(slug: string): Promise<ArticleRow | undefined> {
      return articleQuery(ref.db).innerJoin('news_slugs as s', 's.article_id', 'a.id').where('s.slug', '=', slug).executeTakeFirst();
    },

    async translations(articleId: number, db: Db = ref.db): Promise<TranslationRow[]> {
      const rows = await db
        .selectFrom('news_translations')
        .select(['language', 'title', 'summary', 'body', 'body_html'])
        .where('article_id', '=', articleId)
        .execute();
      return rows.sort((a, b) => NEWS_LANGUAGES.indexOf(a.language) - NEWS_LANGUAGES.indexOf(b.language));
    },

    async imageExists(id: number, db: Db = ref.db): Promise<boolean> {
      return (await db.selectFrom('news_images').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    async insertImage(row: {
      imageKey: string;
      imageUrl: string;
      thumbnailKey: string;
      thumbnailUrl: string;
      width: number;
      height: number;
      uploadedBy: number;
    }) {
      return ref.db
        .insertInto('news_images')
        .values({
          image_key: row.imageKey,
          image_url: row.imageUrl,
          thumbnail_key: row.thumbnailKey,
          thumbnail_url: row.thumbnailUrl,
          width: row.width,
          height: row.height,
          uploaded_by: row.uploadedBy,
        })
        .returning(['id', 'image_url', 'thumbnail_url'])
        .executeTakeFirstOrThrow();
    },

    async insertArticle(
      trx: Transaction<Database>,
      row: Required<Pick<ArticleChange, 'slug' | 'category' | 'tags' | 'breaking' | 'author' | 'image_id'>> & {
        languages: NewsLanguage[];
        by: number;
        now: Date;
      },
    ): Promise<number> {
      const inserted = await trx
        .insertInto('news_articles')
        .values({
          slug: row.slug,
          category: row.category,
          tags: row.tags,
          breaking: row.breaking,
          author: row.author,
          image_id: row.image_id,
          languages: row.languages,
          created_by: row.by,
          updated_by: row.by,
          created_at: row.now,
          updated_at: row.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },

    /** Writes the change and counts a new version; returns its number. */
    async updateArticle(
      trx: Transaction<Database>,
      id: number,
      change: ArticleChange & { languages?: NewsLanguage[] },
      by: number,
      now: Date,
    ): Promise<number> {
      const updated = await trx
        .updateTable('news_articles')
        .set({ ...change, version: sql<number>`version + 1`, updated_by: by, updated_at: now })
        .where('id', '=', id)
        .returning('version')
        .executeTakeFirstOrThrow();
      return updated.version;
    },

    /**
     * Records `slug` as this article's. False when another article has (or had) it: slugs are
     * never handed on, so an old link can only ever lead to the article it was made for. An
     * article may take back one of its own old slugs.
     */
    async claimSlug(trx: Transaction<Database>, articleId: number, slug: string): Promise<boolean> {
      const result = await sql<{ slug: string }>`
        INSERT INTO news_slugs (slug, article_id) VALUES (${slug}, ${articleId})
        ON CONFLICT (slug) DO UPDATE SET article_id = news_slugs.article_id WHERE news_slugs.article_id = ${articleId}
        RETURNING slug`.execute(trx);
      return result.rows.length === 1;
    },

    /** Replaces the language versions: the languages given are written, the others removed. */
    async writeTranslations(trx: Transaction<Database>, articleId: number, translations: Partial<Record<NewsLanguage, TranslationValues>>): Promise<void> {
      const languages = NEWS_LANGUAGES.filter((language) => translations[language] !== undefined);
      await trx.deleteFrom('news_translations').where('article_id', '=', articleId).where('language', 'not in', languages).execute();
      await trx
        .insertInto('news_translations')
        .values(languages.map((language) => ({ article_id: articleId, language, ...(translations[language] as TranslationValues) })))
        .onConflict((oc) =>
          oc.columns(['article_id', 'language']).doUpdateSet((eb) => ({
            title: eb.ref('excluded.title'),
            summary: eb.ref('excluded.summary'),
            body: eb.ref('excluded.body'),
            body_html: eb.ref('excluded.body_html'),
          })),
        )
        .execute();
    },

    async insertVersion(
      trx: Transaction<Database>,
      row: { articleId: number; version: number; change: VersionRow['change']; state: NewsState; snapshot: unknown; by: number; now: Date },
    ): Promise<void> {
      await trx
        .insertInto('news_article_versions')
        .values({
          article_id: row.articleId,
          version: row.version,
          change: row.change,
          state: row.state,
          snapshot: JSON.stringify(row.snapshot),
          saved_by: row.by,
          saved_at: row.now,
        })
        .execute();
    },

    async versions(articleId: number): Promise<VersionRow[]> {
      return ref.db
        .selectFrom('news_article_versions as v')
        .leftJoin('users as u', 'u.id', 'v.saved_by')
        .select(['v.version', 'v.change', 'v.state', 'v.snapshot', 'v.saved_at', 'v.saved_by', 'u.name as saver_name'])
        .where('v.article_id', '=', articleId)
        .orderBy('v.version', 'desc')
        .execute();
    },

    async version(articleId: number, version: number, db: Db = ref.db): Promise<VersionRow | undefined> {
      return db
        .selectFrom('news_article_versions as v')
        .leftJoin('users as u', 'u.id', 'v.saved_by')
        .select(['v.version', 'v.change', 'v.state', 'v.snapshot', 'v.saved_at', 'v.saved_by', 'u.name as saver_name'])
        .where('v.article_id', '=', articleId)
        .where('v.version', '=', version)
        .executeTakeFirst();
    },

    async imageUrls(ids: readonly number[]): Promise<Map<number, { image_url: string; thumbnail_url: string }>> {
      if (ids.length === 0) return new Map();
      const rows = await ref.db
        .selectFrom('news_images')
        .select(['id', 'image_url', 'thumbnail_url'])
        .where('id', 'in', [...ids])
        .execute();
      return new Map(rows.map((row) => [row.id, row]));
    },

    /** Versions, slugs and language versions go with it (ON DELETE CASCADE). */
    async deleteArticle(trx: Transaction<Database>, id: number): Promise<void> {
      await trx.deleteFrom('news_articles').where('id', '=', id).execute();
    },

    enqueue(trx: Transaction<Database>, messages: readonly OutboxMessage[]): Promise<void> {
      return enqueue(trx, messages);
    },

    /** One language version of an article, with the article's list fields. */
    async translation(articleId: number, language: NewsLanguage): Promise<TranslationRow | undefined> {
      return ref.db
        .selectFrom('news_translations')
        .select(['language', 'title', 'summary', 'body', 'body_html'])
        .where('article_id', '=', articleId)
        .where('language', '=', language)
        .executeTakeFirst();
    },

    /** Whether the slug is free (never used by any article): for slugs the server makes up. */
    async slugFree(slug: string): Promise<boolean> {
      return (await ref.db.selectFrom('news_slugs').select('slug').where('slug', '=', slug).executeTakeFirst()) === undefined;
    },
  };
}

export type NewsRepository = ReturnType<typeof createNewsRepository>;
