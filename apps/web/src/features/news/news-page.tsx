import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { NewsListItem } from '@saathi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BusyNote } from '../../components/busy-note';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { useErrorText } from '../../lib/error-text';
import { MAIN_IMAGE_HEIGHT } from './components/article-image';
import { NewsCard } from './components/news-card';
import { NewsPreferencesControl } from './components/news-preferences-control';
import { NewsStrip } from './components/news-strip';
import { saveCurrentArticle } from './current-article-storage';
import { useNewsPreferences, type ReaderPreferences } from './news-preferences';
import { useNewsListQuery } from './queries';

/**
 * `/news` and `/all-news` (SPEC.md "News page"): the strip of articles the reader's preferences
 * choose, newest first, and the selected one in the main card with Share and Read More.
 */
export function NewsPage() {
  const { t } = useTranslation('news');
  const { preferences, appLanguage, save, saving } = useNewsPreferences();
  return (
    <Container maxWidth="md" disableGutters>
      <Stack spacing={2}>
        <PageHeader title={t('title')} subtitle={t('subtitle')} />
        <NewsPreferencesControl preferences={preferences} appLanguage={appLanguage} onSave={save} saving={saving} />
        <NewsFeed preferences={preferences} />
      </Stack>
    </Container>
  );
}

function NewsFeed({ preferences }: { preferences: ReaderPreferences }) {
  const { t } = useTranslation('news');
  const navigate = useNavigate();
  const errorText = useErrorText();
  const query = useNewsListQuery(preferences);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const articles = query.data?.pages.flatMap((page) => page.items) ?? [];
  const article = articles.find((item) => item.id === selectedId) ?? articles[0];

  function readMore(chosen: NewsListItem) {
    saveCurrentArticle(chosen, articles);
    void navigate(`/news/${encodeURIComponent(chosen.slug)}`);
  }

  // A read the server shed keeps what is shown (the articles, or the outline of a first load) under a note.
  const busy = <BusyNote query={query} />;
  if (query.isPending) {
    return (
      <>
        {busy}
        <NewsLoading />
      </>
    );
  }
  if (query.isError && !query.isFetchNextPageError) return <LoadFailed message={errorText(query.error)} onRetry={() => void query.refetch()} />;
  if (!article) {
    const filtered = preferences.categories.length > 0 || preferences.newsType === 'breaking';
    return (
      <>
        {busy}
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography>{filtered ? t('emptyFiltered') : t('empty')}</Typography>
        </Paper>
      </>
    );
  }
  return (
    <>
      {busy}
      <NewsStrip
        articles={articles}
        selectedId={article.id}
        onSelect={(item) => setSelectedId(item.id)}
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        isFetchNextPageError={query.isFetchNextPageError}
        fetchNextPage={query.fetchNextPage}
      />
      {query.isFetchNextPageError && <Alert severity="error">{errorText(query.error)}</Alert>}
      <NewsCard article={article} onReadMore={() => readMore(article)} />
    </>
  );
}

/** The strip and card in outline while the first page loads, so nothing jumps when it arrives. */
function NewsLoading() {
  const { t } = useTranslation('common');
  return (
    <Box role="status" aria-label={t('loading')}>
      <Stack direction="row" spacing={1.5} sx={{ overflow: 'hidden', mb: 2 }}>
        {Array.from({ length: 5 }, (_, index) => (
          <Box key={index} sx={{ flex: '0 0 120px' }}>
            <Skeleton variant="rounded" width={120} height={80} />
            <Skeleton variant="text" width={100} />
          </Box>
        ))}
      </Stack>
      <Skeleton variant="rounded" height={MAIN_IMAGE_HEIGHT} />
      <Skeleton variant="text" width="40%" sx={{ mt: 2 }} />
      <Skeleton variant="text" height={40} />
      <Skeleton variant="text" width="80%" />
    </Box>
  );
}
