import type { EditorNewsArticle } from '@saathi/shared';

/** A draft as the desk reads it (`GET /editor/news/:id`), in English only, with `overrides` applied. */
export function editorArticle(overrides: Partial<EditorNewsArticle> = {}): EditorNewsArticle {
  return {
    id: 5,
    slug: 'monsoon-safety',
    state: 'draft',
    publishAt: null,
    publishedAt: null,
    category: 'weather',
    tags: ['monsoon'],
    breaking: false,
    author: 'Saathi Health Desk',
    imageId: null,
    imageUrl: null,
    thumbnailUrl: null,
    translations: { en: { title: 'Monsoon safety', summary: 'Stay safe in the rain.', body: 'Keep **torches** ready.' } },
    version: 2,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    ...overrides,
  };
}
