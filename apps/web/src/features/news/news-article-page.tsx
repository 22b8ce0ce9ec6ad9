import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../lib/page-title';
import { BackLink } from '../../components/back-link';
import { LoadFailed } from '../../components/load-failed';
import { isApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/error-text';
import { ArticleBody } from './components/article-body';
import { ArticleImage, MAIN_IMAGE_HEIGHT } from './components/article-image';
import { ArticleAuthor, ArticleDate } from './components/article-meta';
import { ArticleShareButton } from './components/article-share-button';
import { BreakingLabel } from './components/breaking-label';
import { findSavedArticle, rememberFullArticle, type StoredArticle } from './current-article-storage';
import { useNewsPreferences } from './news-preferences';
import { newsKeys, useNewsArticleQuery } from './queries';

/**
 * `/news/:id`: one article by its slug (or its numeric id, or a slug it had before), in the
 * reader's news language when it is written in it. Without a network it opens the copy Read
 * More saved (SPEC.md's `currentArticle`).
 */
export function NewsArticlePage() {
  const { t } = useTranslation('news');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { id: idOrSlug = '' } = useParams();
  const { preferences } = useNewsPreferences();
  const query = useNewsArticleQuery(idOrSlug, preferences.language);
  const saved = useMemo(() => findSavedArticle(idOrSlug), [idOrSlug]);
  const offline = query.isError && isApiError(query.error) && query.error.isNetworkError;
  const article: StoredArticle | null | undefined = query.data ?? (query.isPending || offline ? saved : null);
  // The headline names the tab ("<headline> · Saathi"); until then the route's "News article".
  usePageTitle(article?.title);

  const loaded = query.data;
  const queryClient = useQueryClient();
  const language = preferences.language;
  useEffect(() => {
    if (!loaded) return;
    rememberFullArticle(loaded);
    // An id or a former slug shows the current slug in the address bar, the link to share;
    // the article is already here, so the page at that address needs no second request.
    if (loaded.slug !== idOrSlug) {
      queryClient.setQueryData(newsKeys.article(loaded.slug, language), loaded);
      void navigate(`/news/${encodeURIComponent(loaded.slug)}`, { replace: true });
    }
  }, [loaded, idOrSlug, navigate, queryClient, language]);

  let content;
  if (article) {
    content = <ArticleView article={article} waiting={query.isPending} offline={offline} />;
  } else if (query.isPending) {
    content = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={t('loadingArticle')} />
      </Box>
    );
  } else if (isApiError(query.error) && (query.error.code === 'news_not_found' || query.error.status === 404)) {
    content = <Typography role="alert">{t('notFound')}</Typography>;
  } else {
    content = <LoadFailed message={errorText(query.error)} onRetry={() => void query.refetch()} />;
  }

  return (
    <Container maxWidth="md" disableGutters>
      <Stack spacing={2}>
        <BackLink to="/news" label={t('back')} />
        {content}
      </Stack>
    </Container>
  );
}

interface ArticleViewProps {
  article: StoredArticle;
  /** The full article is still on its way (the saved copy shows meanwhile). */
  waiting: boolean;
  /** No network: this is the copy saved on the device. */
  offline: boolean;
}

function ArticleView({ article, waiting, offline }: ArticleViewProps) {
  const { t } = useTranslation('news');
  return (
    <Box component="article" aria-labelledby="news-article-title">
      {offline && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {article.bodyHtml ? t('offlineCopy') : t('offlineSummary')}
        </Alert>
      )}
      <ArticleImage src={article.imageUrl} height={MAIN_IMAGE_HEIGHT} fit="whole" priority sx={{ borderRadius: 2 }} />
      <Box sx={{ mt: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          {article.breaking && <BreakingLabel />}
          <ArticleDate article={article} />
        </Box>
        <Typography
          id="news-article-title"
          lang={article.language}
          variant="h4"
          component="h1"
          sx={{ fontWeight: 700, fontSize: { xs: '1.5rem', sm: '2rem' }, lineHeight: 1.25, mt: 0.5, mb: 0.5 }}
        >
          {article.title}
        </Typography>
        <ArticleAuthor article={article} />
      </Box>
      <Box sx={{ mt: 2 }}>
        {article.bodyHtml !== undefined ? (
          <ArticleBody html={article.bodyHtml} lang={article.language} />
        ) : (
          <>
            {article.summary && (
              <Typography lang={article.language} sx={{ fontSize: '1.0625rem', lineHeight: 1.7 }}>
                {article.summary}
              </Typography>
            )}
            {waiting && (
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
                <CircularProgress size={28} aria-label={t('loadingArticle')} />
              </Box>
            )}
          </>
        )}
      </Box>
      <Box sx={{ mt: 2 }}>
        <ArticleShareButton article={article} />
      </Box>
    </Box>
  );
}
