import AddIcon from '@mui/icons-material/Add';
import CancelIcon from '@mui/icons-material/Cancel';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DESK_FILTERS, DESK_SOURCES, type DeskReel } from '@saathi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/load-failed';
import { PageLoading } from '../../components/page-loading';
import { useErrorText } from '../../lib/error-text';
import { ModeratorPage } from '../../entities/manage-screens';
import { AddHostedReelDialog, EditDeskReelDialog, ReasonDialog } from './desk-dialogs';
import { NO_FILTERS, type DeskFilters } from './desk-filters';
import { DeskReelCard } from './desk-reel-card';
import { useDeskReelsQuery, type DeskAction } from './queries';

/** `/shorts-crud`: the reels desk for moderators (and admins); anyone else reads a calm word. */
export function ReelsDeskPage() {
  const { t } = useTranslation('reels-desk');
  return (
    <ModeratorPage title={t('title')} subtitle={t('subtitle')} notAllowed={t('notAllowed')}>
      <Desk />
    </ModeratorPage>
  );
}

type Open = { kind: 'add' } | { kind: 'edit'; reel: DeskReel } | { kind: 'moderate'; reel: DeskReel; action: DeskAction } | null;

function Desk() {
  const { t } = useTranslation('reels-desk');
  const [filters, setFilters] = useState<DeskFilters>(NO_FILTERS);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
        <DeskFilterBar filters={filters} onChange={setFilters} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen({ kind: 'add' })} sx={{ flexShrink: 0 }}>
          {t('add')}
        </Button>
      </Stack>
      <DeskList
        filters={filters}
        onAuthor={(author) => setFilters((current) => ({ ...current, author }))}
        onEdit={(reel) => setOpen({ kind: 'edit', reel })}
        onModerate={(reel, action) => setOpen({ kind: 'moderate', reel, action })}
      />
      {open?.kind === 'add' && <AddHostedReelDialog onClose={close} />}
      {open?.kind === 'edit' && <EditDeskReelDialog reel={open.reel} onClose={close} />}
      {open?.kind === 'moderate' && <ReasonDialog reel={open.reel} action={open.action} onClose={close} />}
    </Stack>
  );
}

/** Chips that say what they show; the pressed one is filled. */
function FilterChip({ label, pressed, onClick }: { label: string; pressed: boolean; onClick: () => void }) {
  return (
    <Chip label={label} clickable onClick={onClick} color={pressed ? 'primary' : 'default'} variant={pressed ? 'filled' : 'outlined'} aria-pressed={pressed} />
  );
}

export function DeskFilterBar({ filters, onChange }: { filters: DeskFilters; onChange: (filters: DeskFilters) => void }) {
  const { t } = useTranslation('reels-desk');
  const stateLabel = { all: t('filters.all'), reported: t('filters.reported'), hidden: t('filters.hidden') };
  const sourceLabel = { hosted: t('filters.hosted'), upload: t('filters.upload') };
  return (
    <Stack spacing={1}>
      <Stack direction="row" role="group" aria-label={t('filters.label')} useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        {DESK_FILTERS.map((filter) => (
          <FilterChip key={filter} label={stateLabel[filter]} pressed={filters.filter === filter} onClick={() => onChange({ ...filters, filter })} />
        ))}
      </Stack>
      <Stack direction="row" role="group" aria-label={t('filters.sourceLabel')} useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        <FilterChip label={t('filters.anySource')} pressed={filters.source === null} onClick={() => onChange({ ...filters, source: null })} />
        {DESK_SOURCES.map((source) => (
          <FilterChip key={source} label={sourceLabel[source]} pressed={filters.source === source} onClick={() => onChange({ ...filters, source })} />
        ))}
        {filters.author && (
          <Chip
            color="primary"
            label={t('filters.author', { name: filters.author.name })}
            onDelete={() => onChange({ ...filters, author: null })}
            deleteIcon={<CancelIcon titleAccess={t('filters.clearAuthor')} />}
          />
        )}
      </Stack>
    </Stack>
  );
}

function DeskList({ filters, ...actions }: { filters: DeskFilters } & Omit<Parameters<typeof DeskReelCard>[0], 'reel'>) {
  const { t } = useTranslation('reels-desk');
  const errorText = useErrorText();
  const query = useDeskReelsQuery(filters);
  if (query.isPending) return <PageLoading />;
  if (query.isError && !query.data) return <LoadFailed message={errorText(query.error)} onRetry={() => void query.refetch()} />;
  const reels = query.data.pages.flatMap((page) => page.items);
  if (reels.length === 0) return <Alert severity="info">{t('none')}</Alert>;
  return (
    <Stack spacing={2}>
      <Box
        component="section"
        aria-label={t('listLabel')}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(280px, 1fr))' }, alignItems: 'start' }}
      >
        {reels.map((reel) => (
          <DeskReelCard key={reel.id} reel={reel} {...actions} />
        ))}
      </Box>
      {query.hasNextPage ? (
        <Button variant="outlined" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} sx={{ alignSelf: 'center' }}>
          {t('showMore')}
        </Button>
      ) : (
        <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center' }}>
          {t('end')}
        </Typography>
      )}
    </Stack>
  );
}
