import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NEWS_ARTICLES, type NewsArticle } from './articles';

/** The bundled articles in the current language. */
export function useNewsArticles(): NewsArticle[] {
  // `t` is a new function whenever the language (or a loaded bundle) changes, so it is the only dependency.
  const { t } = useTranslation('news');
  return useMemo(
    () =>
      NEWS_ARTICLES.map((source) => ({
        key: source.key,
        title: t(`articles.${source.key}.title`),
        thumbnail: source.image,
        image: source.image,
        tint: source.tint,
        author: t(`authors.${source.author}`),
        date: source.date,
        content: t(`articles.${source.key}.content`),
      })),
    [t],
  );
}

/** 'YYYY-MM-DD' as a long local date in the UI language (12 November 2026, 12 नवंबर 2026). */
export function formatArticleDate(date: string, language: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const value = new Date(y, m - 1, d);
  if (Number.isNaN(value.getTime())) return date;
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric' }).format(value);
}

/** Content is stored as paragraphs separated by blank lines. */
export function paragraphsOf(content: string): string[] {
  return content
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}
