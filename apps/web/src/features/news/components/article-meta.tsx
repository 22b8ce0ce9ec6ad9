import Typography from '@mui/material/Typography';
import type { NewsListItem } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { formatArticleDate } from '../format';

/** Date and author lines shared by the news card and the article page. */
export function ArticleDate({ article }: { article: Pick<NewsListItem, 'publishedAt'> }) {
  const { i18n } = useTranslation('news');
  const text = formatArticleDate(article.publishedAt, i18n.resolvedLanguage ?? 'en-US');
  if (!text || !article.publishedAt) return null;
  return (
    <Typography variant="overline" color="textSecondary" component="time" dateTime={article.publishedAt} sx={{ lineHeight: 1.5, display: 'block' }}>
      {text}
    </Typography>
  );
}

export function ArticleAuthor({ article }: { article: Pick<NewsListItem, 'author'> }) {
  const { t } = useTranslation('news');
  return (
    <Typography variant="body2" color="textSecondary" sx={{ fontWeight: 500 }}>
      {t('by', { author: article.author })}
    </Typography>
  );
}
