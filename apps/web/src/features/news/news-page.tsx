import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NewsCard } from './components/news-card';
import { NewsStrip } from './components/news-strip';
import { saveCurrentArticle } from './current-article-storage';
import { useNewsArticles } from './use-news-articles';
import { PageHeader } from '../../components/page-header';

/** `/news` and `/all-news`: the strip of bundled articles and the selected one (SPEC.md "News page"). */
export function NewsPage() {
  const { t } = useTranslation('news');
  const navigate = useNavigate();
  const articles = useNewsArticles();
  const [selected, setSelected] = useState(0);
  const article = articles[selected] ?? articles[0];

  function readMore() {
    if (!article) return;
    saveCurrentArticle(article, articles);
    void navigate(`/news/${selected}`);
  }

  return (
    <Container maxWidth="md" disableGutters>
      <Stack spacing={2}>
        <PageHeader title={t('title')} subtitle={t('subtitle')} />
        <NewsStrip articles={articles} selected={selected} onSelect={setSelected} />
        {article && <NewsCard article={article} index={selected} onReadMore={readMore} />}
      </Stack>
    </Container>
  );
}
