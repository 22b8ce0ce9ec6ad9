import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EditorNewsList, NewsState } from '@saathi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '../../components/form-fields';
import { PagedList } from '../../components/paged-list';
import { ToggleChip } from '../../components/toggle-chip';
import { ArticleImage, BreakingLabel } from '../news';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { StateLabel } from './components/state-label';
import { DESK_SCREEN, useDeskRefusal } from './desk-gate';
import { RoleGatedPage } from '../../entities/manage-screens';
import { formatIst } from './desk-form';
import { useDeskLabels } from './labels';
import { useDeskListQuery } from './queries';

/** The state filters in the order an article goes through them (the contract's NEWS_STATES). */
const STATE_FILTERS: readonly NewsState[] = ['draft', 'scheduled', 'published', 'unpublished'];

/** Wait this long after the last key before searching. */
const SEARCH_DELAY_MS = 300;

/** `/news/manage` (editors and admins): every article by state, searchable, and a way to write a new one. */
export function NewsDeskPage() {
  const { t } = useTranslation('news');
  return (
    <RoleGatedPage title={t('desk.title')} subtitle={t('desk.subtitle')} screen={DESK_SCREEN} refusal={useDeskRefusal()}>
      <DeskList />
    </RoleGatedPage>
  );
}

function DeskList() {
  const { t } = useTranslation('news');
  const { states } = useDeskLabels();
  const [state, setState] = useState<NewsState | null>(null);
  const [search, setSearch] = useState('');
  const query = useDeskListQuery(state, useDebouncedValue(search, SEARCH_DELAY_MS));

  return (
    <Stack spacing={2}>
      <Box>
        <Button component={RouterLink} to="/news/manage/new" variant="contained" startIcon={<AddIcon />}>
          {t('desk.newArticle')}
        </Button>
      </Box>
      <Box component="form" role="search" onSubmit={(event) => event.preventDefault()}>
        <FormTextField type="search" label={t('desk.search')} hint={t('desk.searchHint')} value={search} onValue={setSearch} autoComplete="off" />
      </Box>
      <Box role="group" aria-label={t('desk.stateFilter')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {[null, ...STATE_FILTERS].map((option) => (
          <ToggleChip key={option ?? 'any'} label={option ? states[option] : t('desk.anyState')} chosen={option === state} onClick={() => setState(option)} />
        ))}
      </Box>
      <PagedList
        query={query}
        empty={
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Typography>{search.trim() || state ? t('desk.noneMatch') : t('desk.none')}</Typography>
          </Paper>
        }
        moreLabel={t('desk.showMore')}
      >
        {(articles) => (
          <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
            <List disablePadding aria-label={t('desk.listLabel')}>
              {articles.map((article, index) => (
                <DeskRow key={article.id} article={article} divider={index < articles.length - 1} />
              ))}
            </List>
          </Paper>
        )}
      </PagedList>
    </Stack>
  );
}

type DeskListItem = EditorNewsList['items'][number];

function DeskRow({ article, divider }: { article: DeskListItem; divider: boolean }) {
  const { t, i18n } = useTranslation('news');
  const language = i18n.resolvedLanguage ?? 'en-US';
  const when =
    article.state === 'scheduled'
      ? t('desk.goesOutAt', { when: formatIst(article.publishAt, language) })
      : article.state === 'published'
        ? t('desk.publishedAt', { when: formatIst(article.publishedAt, language) })
        : t('desk.changedAt', { when: formatIst(article.updatedAt, language) });
  return (
    <ListItem disablePadding divider={divider}>
      <ListItemButton component={RouterLink} to={`/news/manage/${article.id}`} sx={{ gap: 1.5, alignItems: 'flex-start', py: 1.5 }}>
        <ArticleImage src={article.thumbnailUrl} height={48} sx={{ width: 72, flexShrink: 0, borderRadius: 1 }} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{article.title}</Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}>
            <StateLabel state={article.state} />
            {article.breaking && <BreakingLabel size="small" />}
            <Typography variant="body2" color="textSecondary">
              {article.languages.map((code) => code.toUpperCase()).join(' · ')}
            </Typography>
          </Box>
          <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
            {when}
          </Typography>
        </Box>
      </ListItemButton>
    </ListItem>
  );
}
