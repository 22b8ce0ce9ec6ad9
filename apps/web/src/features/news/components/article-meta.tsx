import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { NewsArticle } from '../articles';
import { formatArticleDate } from '../use-news-articles';

/** Date and author lines shared by the news card and the article page. */
export function ArticleDate({ article }: { article: NewsArticle }) {
  const { i18n } = useTranslation('news');
  return (
    <Typography variant="overline" color="text.secondary" component="time" dateTime={article.date} sx={{ lineHeight: 1.5 }}>
      {formatArticleDate(article.date, i18n.resolvedLanguage ?? 'en-US')}
    </Typography>
  );
}

export function ArticleAuthor({ article }: { article: NewsArticle }) {
  const { t } = useTranslation('news');
  return (
    <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
      {t('by', { author: article.author })}
    </Typography>
  );
}
