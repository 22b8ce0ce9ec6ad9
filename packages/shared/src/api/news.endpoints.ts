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
import { created, defineEndpoints, ok } from './endpoint';
import { DeletedResponse } from '../schemas/community';

/**
 * The newsroom: readers' calls (public; drafts only for editors) and the editors' desk. Every
 * desk call needs the editor role (or admin), checked before its input is read.
 */
export const newsEndpoints = defineEndpoints('news', {
  'GET /news': ok(NewsList, { priority: 'deferrable', access: 'public', query: NewsListQuery }).summary('Published articles in one language, newest first'),
  /** A slug the article had before answers 301 with the current one. */
  'GET /news/:idOrSlug': ok(NewsArticle, { access: 'optional', params: NewsArticleParams, query: NewsArticleQuery, errors: ['news_not_found'] }).summary(
    'One article by id or slug; drafts, scheduled and unpublished ones only for editors',
  ),
  'POST /news': created(EditorNewsArticle, { access: 'editor', body: CreateNewsArticleBody, errors: ['news_slug_taken', 'news_image_not_found'] }).summary(
    'Editor: write a new draft',
  ),
  'PATCH /news/:id': ok(EditorNewsArticle, {
    access: 'editor',
    body: UpdateNewsArticleBody,
    errors: ['news_not_found', 'news_slug_taken', 'news_image_not_found', 'news_needs_a_language'],
  }).summary('Editor: change an article (keeps a version)'),
  'DELETE /news/:id': ok(DeletedResponse, { access: 'editor', errors: ['news_not_found', 'news_was_published'] }).summary(
    'Editor: delete a draft that was never published',
  ),
  'POST /news/:id/publish': ok(EditorNewsArticle, { access: 'editor', body: PublishNewsArticleBody, errors: ['news_not_found'] }).summary(
    'Editor: publish now, or schedule for `at`',
  ),
  'POST /news/:id/unpublish': ok(EditorNewsArticle, { access: 'editor', errors: ['news_not_found'] }).summary(
    'Editor: take a published or scheduled article down',
  ),
  'GET /news/:id/versions': ok(NewsVersionList, { access: 'editor', errors: ['news_not_found'] }).summary("Editor: the article's saved versions, newest first"),
  'GET /news/:id/versions/:version': ok(NewsVersion, { access: 'editor', params: NewsVersionParams, errors: ['news_not_found'] }).summary(
    'Editor: one saved version in full',
  ),
  'POST /news/:id/versions/:version/restore': ok(EditorNewsArticle, { access: 'editor', params: NewsVersionParams, errors: ['news_not_found'] }).summary(
    "Editor: make a saved version's content current again (keeps a new version; the state stays)",
  ),
  'POST /news/images': created(NewsImage, {
    access: 'editor',
    body: 'multipart',
    form: { fields: [], files: { image: 1 } },
    errors: ['image_rejected', 'empty_upload', 'payload_too_large', 'unsupported_media_type'],
  }).summary('Editor: upload an article picture (multipart, field `image`), resized to image and thumbnail'),
  'GET /editor/news': ok(EditorNewsList, { access: 'editor', query: EditorNewsListQuery }).summary('Editor: every article, by state, the newest change first'),
  'GET /editor/news/:id': ok(EditorNewsArticle, { access: 'editor', errors: ['news_not_found'] }).summary('Editor: an article with every language as Markdown'),
  'POST /editor/news/preview': ok(NewsPreview, { access: 'editor', body: NewsPreviewBody }).summary('Editor: Markdown rendered as readers will get it'),
});
