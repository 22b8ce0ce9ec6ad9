import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../app/page-title';
import { BackLink } from '../../components/back-link';
import type { NewsArticle } from './articles';
import { ArticleAuthor, ArticleDate } from './components/article-meta';
import { ArticleShareButton } from './components/article-share-button';
import { MAIN_IMAGE_HEIGHT } from './components/news-card';
import { readCurrentArticle } from './current-article-storage';
import { paragraphsOf, useNewsArticles } from './use-news-articles';

/**
 * The article at list index `id`: from the list Read More saved (SPEC.md), else the bundled
 * list (a shared link opened on another device). A bundled article is shown in the current
 * language even when it was saved in another one.
 */
function useArticle(index: number): NewsArticle | null {
  const bundled = useNewsArticles();
  return useMemo(() => {
    const saved = readCurrentArticle()?.articles[index];
    if (saved) return bundled.find((article) => article.key === saved.key) ?? saved;
    return bundled[index] ?? null;
  }, [bundled, index]);
}

export function NewsArticlePage() {
  const { t } = useTranslation('news');
  const { id } = useParams();
  const index = /^\d+$/.test(id ?? '') ? Number(id) : -1;
  const article = useArticle(index);
  // The headline names the tab ("<headline> · Saathi"); until then the route's "News article".
  usePageTitle(article?.title);

  return (
    <Container maxWidth="md" disableGutters>
      <Stack spacing={2}>
        <BackLink to="/news" label={t('back')} />
        {article ? (
          <Box component="article" aria-labelledby="news-article-title">
            <Box
              component="img"
              src={article.image}
              alt=""
              sx={{
                width: '100%',
                height: MAIN_IMAGE_HEIGHT,
                objectFit: { xs: 'cover', sm: 'contain' },
                bgcolor: article.tint,
                borderRadius: 2,
                display: 'block',
              }}
            />
            <Box sx={{ mt: 2 }}>
              <ArticleDate article={article} />
              <Typography id="news-article-title" variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2.1rem' } }}>
                {article.title}
              </Typography>
              <ArticleAuthor article={article} />
            </Box>
            <Stack spacing={1.5} sx={{ mt: 2 }}>
              {paragraphsOf(article.content).map((paragraph) => (
                <Typography key={paragraph.slice(0, 40)} variant="body1" sx={{ lineHeight: 1.7 }}>
                  {paragraph}
                </Typography>
              ))}
            </Stack>
            <Box sx={{ mt: 2 }}>
              <ArticleShareButton article={article} index={index} />
            </Box>
          </Box>
        ) : (
          <Typography role="alert">{t('notFound')}</Typography>
        )}
      </Stack>
    </Container>
  );
}
