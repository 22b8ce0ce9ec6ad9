import {
  CreateNewsArticleBody,
  EditorNewsArticle,
  EditorNewsList,
  EditorNewsListQuery,
  NewsArticle,
  NewsArticleParams,
  NewsArticleQuery,
  NewsImage,
  NewsList,
  NewsListQuery,
  NewsPreview,
  NewsPreviewBody,
  NewsVersion,
  NewsVersionList,
  NewsVersionParams,
  PublishNewsArticleBody,
  UpdateNewsArticleBody,
} from '../schemas/news';
import { defineEndpoints } from './endpoint';
import { DeletedResponse } from '../schemas/community';

/**
 * The newsroom: readers' calls (public; drafts only for editors) and the editors' desk. Every
 * desk call needs the editor role (or admin), checked before its input is read.
 */
export const newsEndpoints = defineEndpoints('news', {
  'GET /news': {
    summary: 'Published articles in one language, newest first',
    access: 'public',
    query: NewsListQuery,
    responses: { 200: NewsList },
  },
  /** A slug the article had before answers 301 with the current one. */
  'GET /news/:idOrSlug': {
    summary: 'One article by id or slug; drafts, scheduled and unpublished ones only for editors',
    access: 'optional',
    params: NewsArticleParams,
    query: NewsArticleQuery,
    responses: { 200: NewsArticle },
    errors: ['news_not_found'],
  },
  'POST /news': {
    summary: 'Editor: write a new draft',
    access: 'editor',
    body: CreateNewsArticleBody,
    responses: { 201: EditorNewsArticle },
    errors: ['news_slug_taken', 'news_image_not_found'],
  },
  'PATCH /news/:id': {
    summary: 'Editor: change an article (keeps a version)',
    access: 'editor',
    body: UpdateNewsArticleBody,
    responses: { 200: EditorNewsArticle },
    errors: ['news_not_found', 'news_slug_taken', 'news_image_not_found', 'news_needs_a_language'],
  },
  'DELETE /news/:id': {
    summary: 'Editor: delete a draft that was never published',
    access: 'editor',
    responses: { 200: DeletedResponse },
    errors: ['news_not_found', 'news_was_published'],
  },
  'POST /news/:id/publish': {
    summary: 'Editor: publish now, or schedule for `at`',
    access: 'editor',
    body: PublishNewsArticleBody,
    responses: { 200: EditorNewsArticle },
    errors: ['news_not_found'],
  },
  'POST /news/:id/unpublish': {
    summary: 'Editor: take a published or scheduled article down',
    access: 'editor',
    responses: { 200: EditorNewsArticle },
    errors: ['news_not_found'],
  },
  'GET /news/:id/versions': {
    summary: "Editor: the article's saved versions, newest first",
    access: 'editor',
    responses: { 200: NewsVersionList },
    errors: ['news_not_found'],
  },
  'GET /news/:id/versions/:version': {
    summary: 'Editor: one saved version in full',
    access: 'editor',
    params: NewsVersionParams,
    responses: { 200: NewsVersion },
    errors: ['news_not_found'],
  },
  'POST /news/:id/versions/:version/restore': {
    summary: "Editor: make a saved version's content current again (keeps a new version; the state stays)",
    access: 'editor',
    params: NewsVersionParams,
    responses: { 200: EditorNewsArticle },
    errors: ['news_not_found'],
  },
  'POST /news/images': {
    summary: 'Editor: upload an article picture (multipart, field `image`), resized to image and thumbnail',
    access: 'editor',
    body: 'multipart',
    responses: { 201: NewsImage },
    errors: ['image_rejected', 'empty_upload'],
  },
  'GET /editor/news': {
    summary: 'Editor: every article, by state, the newest change first',
    access: 'editor',
    query: EditorNewsListQuery,
    responses: { 200: EditorNewsList },
  },
  'GET /editor/news/:id': {
    summary: 'Editor: an article with every language as Markdown',
    access: 'editor',
    responses: { 200: EditorNewsArticle },
    errors: ['news_not_found'],
  },
  'POST /editor/news/preview': {
    summary: 'Editor: Markdown rendered as readers will get it',
    access: 'editor',
    body: NewsPreviewBody,
    responses: { 200: NewsPreview },
  },
});
