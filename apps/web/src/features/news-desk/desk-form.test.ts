import { describe, expect, it } from 'vitest';
import { createBodyOf, emptyForm, formFromArticle, formatIst, instantFromIstInput, isDirty, istInputValue, tagsOf, updateBodyOf } from './desk-form';
import { fieldErrorsOf } from './field-errors';
import { editorArticle } from './test-helpers';

const saved = editorArticle({
  tags: ['monsoon', 'roads'],
  imageId: 12,
  imageUrl: '/media/news/12.jpg',
  thumbnailUrl: '/media/news/12-thumb.jpg',
  translations: { en: { title: 'Monsoon safety', summary: 'Stay safe.', body: '# Rain' }, hi: { title: 'मानसून', summary: '', body: 'बारिश' } },
  version: 3,
});

describe('the desk form', () => {
  it('sends only the written languages of a new article, and no slug when none was typed', () => {
    const form = emptyForm('Asha');
    form.translations.gu = { title: ' ચોમાસું ', summary: '', body: 'વરસાદ' };
    form.tags = 'Monsoon, , roads,monsoon';
    expect(createBodyOf(form)).toEqual({
      category: 'safety',
      tags: ['monsoon', 'roads'],
      breaking: false,
      author: 'Asha',
      imageId: null,
      translations: { gu: { title: 'ચોમાસું', summary: '', body: 'વરસાદ' } },
    });
  });

  it('removes a language whose fields were emptied, and leaves out one never written', () => {
    const form = formFromArticle(saved);
    expect(form.tags).toBe('monsoon, roads');
    expect(isDirty(form, saved)).toBe(false);
    form.translations.hi = { title: '', summary: '', body: ' ' };
    expect(isDirty(form, saved)).toBe(true);
    expect(updateBodyOf(form, saved).translations).toEqual({ en: { title: 'Monsoon safety', summary: 'Stay safe.', body: '# Rain' }, hi: null });
    expect(updateBodyOf({ ...form, image: null }, saved).imageId).toBeNull();
  });

  it('schedules on India time whatever the device clock says', () => {
    expect(instantFromIstInput('2026-12-01T09:30')?.toISOString()).toBe('2026-12-01T04:00:00.000Z');
    expect(instantFromIstInput('2026-12-01T00:15')?.toISOString()).toBe('2026-11-30T18:45:00.000Z');
    expect(instantFromIstInput('')).toBeUndefined();
    expect(istInputValue(new Date('2026-11-30T18:45:00.000Z'))).toBe('2026-12-01T00:15');
    expect(formatIst('2026-12-01T04:00:00.000Z', 'en-US')).toBe('Dec 1, 2026, 9:30 AM IST');
  });

  it('reads tags the way the server stores them', () => {
    expect(tagsOf(' A,b , a,, C ')).toEqual(['a', 'b', 'c']);
  });

  it('puts a refusal under the field it names', () => {
    expect(fieldErrorsOf('translations.hi.title', 'x')).toEqual({ details: {}, translations: { hi: { title: 'x' } } });
    expect(fieldErrorsOf('slug', 'x').details).toEqual({ slug: 'x' });
    expect(fieldErrorsOf('imageId', 'x').details).toEqual({ image: 'x' });
    expect(fieldErrorsOf('tags.2', 'x').details).toEqual({ tags: 'x' });
    expect(fieldErrorsOf('translations', 'x')).toEqual({ details: {}, translations: {} });
    expect(fieldErrorsOf(undefined, 'x')).toEqual({ details: {}, translations: {} });
  });
});
