import { z } from 'zod';
import { NEWS_CATEGORIES } from '../constants';
import { NEWS_LANGUAGES, type NewsLanguage } from '../languages';
import { Id } from './common';

/** The languages an article can be written in (users' newsPreferences.language): one list, in languages.ts. */
export { NEWS_LANGUAGES, type NewsLanguage };

/**
 * An article's life: a draft is seen only by editors; scheduled publishes itself at
 * `publishAt`; published is public; unpublished is taken down (and may be published again).
 */
export const NEWS_STATES = ['draft', 'scheduled', 'published', 'unpublished'] as const;
export type NewsState = (typeof NEWS_STATES)[number];

export const NEWS_LIMITS = {
  slugMax: 80,
  titleMax: 200,
  summaryMax: 500,
  /** Markdown source, per language. */
  bodyMax: 50_000,
  authorMax: 100,
  tagMax: 40,
  tagsMax: 10,
  /** An uploaded image before resizing. */
  imageBytesMax: 10 * 1024 * 1024,
} as const;

/** Lower-case words joined by single hyphens: `monsoon-safety-2026`. */
export const NewsSlug = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, 'slug is at least 3 characters')
  .max(NEWS_LIMITS.slugMax, `slug is at most ${NEWS_LIMITS.slugMax} characters`)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug is lower-case letters and digits joined by single hyphens');

/** One language version as an editor writes it: `body` is Markdown (no raw HTML is kept). */
export const NewsTranslationInput = z.strictObject({
  title: z.string().trim().min(1, 'title is required').max(NEWS_LIMITS.titleMax),
  summary: z.string().trim().max(NEWS_LIMITS.summaryMax).default(''),
  body: z.string().max(NEWS_LIMITS.bodyMax),
});
export type NewsTranslationInput = z.input<typeof NewsTranslationInput>;

const Translations = z.strictObject({
  en: NewsTranslationInput.optional(),
  hi: NewsTranslationInput.optional(),
  gu: NewsTranslationInput.optional(),
});

const atLeastOneLanguage = (translations: z.infer<typeof Translations>) => Object.values(translations).some((t) => t !== undefined);

const articleFields = {
  category: z.enum(NEWS_CATEGORIES, { error: `category must be one of ${NEWS_CATEGORIES.join(', ')}` }),
  tags: z.array(z.string().trim().toLowerCase().min(1).max(NEWS_LIMITS.tagMax)).max(NEWS_LIMITS.tagsMax).default([]),
  breaking: z.boolean().default(false),
  author: z.string().trim().min(1, 'author is required').max(NEWS_LIMITS.authorMax),
  /** From `POST /news/images`; null: no image. */
  imageId: Id.nullable().default(null),
};

/** `POST /news`: a new draft. Without a slug the server makes one from the first title. */
export const CreateNewsArticleBody = z.strictObject({
  slug: NewsSlug.optional(),
  ...articleFields,
  translations: Translations.refine(atLeastOneLanguage, 'write the article in at least one language'),
});
export type CreateNewsArticleBody = z.input<typeof CreateNewsArticleBody>;

/**
 * `PATCH /news/:id`: the fields given replace the stored ones; a language set to null is
 * removed (one must remain). Every save keeps a version; a changed slug keeps the old one
 * answering with a permanent redirect.
 */
export const UpdateNewsArticleBody = z.strictObject({
  slug: NewsSlug.optional(),
  category: articleFields.category.optional(),
  tags: z.array(z.string().trim().toLowerCase().min(1).max(NEWS_LIMITS.tagMax)).max(NEWS_LIMITS.tagsMax).optional(),
  breaking: z.boolean().optional(),
  author: articleFields.author.optional(),
  imageId: Id.nullable().optional(),
  translations: z
    .strictObject({
      en: NewsTranslationInput.nullable().optional(),
      hi: NewsTranslationInput.nullable().optional(),
      gu: NewsTranslationInput.nullable().optional(),
    })
    .optional(),
});
export type UpdateNewsArticleBody = z.input<typeof UpdateNewsArticleBody>;

/** `POST /news/:id/publish`: now, or at `at` (a future instant: the article is scheduled). */
export const PublishNewsArticleBody = z.strictObject({
  at: z.iso.datetime({ offset: true, error: 'at is an ISO 8601 date-time' }).optional(),
});

/** The paging of the readers' list and the desk's: a cursor this server gave, and a page size. */
const pageQuery = {
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'cursor is not one this server gave')
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
};

/** The reader's choice of articles (newsPreferences) as a query. */
export const NewsListQuery = z.object({
  language: z.enum(NEWS_LANGUAGES, { error: 'language must be en, hi or gu' }).default('en'),
  /** One category, or several separated by commas (the reader's preferred ones). */
  category: z
    .string()
    .max(400)
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(NEWS_CATEGORIES, { error: `category must be among ${NEWS_CATEGORIES.join(', ')}` })))
    .optional(),
  type: z.enum(['all', 'breaking'], { error: 'type must be all or breaking' }).default('all'),
  ...pageQuery,
});
export type NewsListQuery = z.input<typeof NewsListQuery>;

/** `GET /news/:idOrSlug?language=`: the version in that language, else the first there is. */
export const NewsArticleParams = z.object({
  idOrSlug: z.string().trim().min(1).max(NEWS_LIMITS.slugMax),
});
export const NewsArticleQuery = z.object({
  language: z.enum(NEWS_LANGUAGES, { error: 'language must be en, hi or gu' }).optional(),
});

/** An article in one language as readers get it. */
export const NewsListItem = z.object({
  id: z.number().int(),
  slug: z.string(),
  /** The language of this version, and every language the article is written in. */
  language: z.enum(NEWS_LANGUAGES),
  languages: z.array(z.enum(NEWS_LANGUAGES)),
  title: z.string(),
  summary: z.string(),
  author: z.string(),
  category: z.enum(NEWS_CATEGORIES),
  tags: z.array(z.string()),
  breaking: z.boolean(),
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  publishedAt: z.string().nullable(),
});
export type NewsListItem = z.infer<typeof NewsListItem>;

export const NewsList = z.object({ items: z.array(NewsListItem), nextCursor: z.string().nullable() });
export type NewsList = z.infer<typeof NewsList>;

/** The whole article: the Markdown body rendered to sanitised HTML (no raw HTML, no scripts). */
export const NewsArticle = NewsListItem.extend({
  bodyHtml: z.string(),
  /** Set for editors and admins only, who may also read drafts. */
  state: z.enum(NEWS_STATES).optional(),
});
export type NewsArticle = z.infer<typeof NewsArticle>;

const Translation = z.object({ title: z.string(), summary: z.string(), body: z.string() });

/** An article as the desk edits it: every language's Markdown, its state and its version. */
export const EditorNewsArticle = z.object({
  id: z.number().int(),
  slug: z.string(),
  state: z.enum(NEWS_STATES),
  /** When a scheduled article goes out. */
  publishAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  category: z.enum(NEWS_CATEGORIES),
  tags: z.array(z.string()),
  breaking: z.boolean(),
  author: z.string(),
  imageId: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  translations: z.object({ en: Translation.optional(), hi: Translation.optional(), gu: Translation.optional() }),
  /** The number of the last saved version (1 for a new article). */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EditorNewsArticle = z.infer<typeof EditorNewsArticle>;

export const EditorNewsListQuery = z.object({
  state: z.enum(NEWS_STATES, { error: `state must be one of ${NEWS_STATES.join(', ')}` }).optional(),
  /** Words of a title or the slug. */
  query: z.string().trim().max(100).optional(),
  ...pageQuery,
});

/** A row of the desk's list: the newest change first. */
export const EditorNewsListItem = EditorNewsArticle.pick({
  id: true,
  slug: true,
  state: true,
  publishAt: true,
  publishedAt: true,
  category: true,
  breaking: true,
  thumbnailUrl: true,
  version: true,
  updatedAt: true,
}).extend({
  /** The English title, else the first there is. */
  title: z.string(),
  languages: z.array(z.enum(NEWS_LANGUAGES)),
});
export const EditorNewsList = z.object({ items: z.array(EditorNewsListItem), nextCursor: z.string().nullable() });
export type EditorNewsList = z.infer<typeof EditorNewsList>;

/** One saved version (every create, edit, publish, unpublish and restore keeps one). */
export const NewsVersionSummary = z.object({
  version: z.number().int(),
  savedAt: z.string(),
  savedBy: z.object({ id: z.number().int().nullable(), name: z.string().nullable() }),
  /** What the save did: created, edited, published, scheduled, unpublished, restored. */
  change: z.enum(['created', 'edited', 'published', 'scheduled', 'unpublished', 'restored']),
  state: z.enum(NEWS_STATES),
  title: z.string(),
});
export const NewsVersionList = z.object({ items: z.array(NewsVersionSummary) });
export type NewsVersionList = z.infer<typeof NewsVersionList>;

/** A version in full, to view before restoring it. */
export const NewsVersion = NewsVersionSummary.extend({ article: EditorNewsArticle });
export type NewsVersion = z.infer<typeof NewsVersion>;

export const NewsVersionParams = z.object({ id: Id, version: Id });

/** `POST /editor/news/preview`: Markdown rendered exactly as readers will get it. */
export const NewsPreviewBody = z.strictObject({ body: z.string().max(NEWS_LIMITS.bodyMax) });
export const NewsPreview = z.object({ html: z.string() });

/** `POST /news/images`: an uploaded picture, resized to the article image and its thumbnail. */
export const NewsImage = z.object({ id: z.number().int(), imageUrl: z.string(), thumbnailUrl: z.string() });
export type NewsImage = z.infer<typeof NewsImage>;
