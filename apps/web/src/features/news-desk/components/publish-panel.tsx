import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { EditorNewsArticle } from '@saathi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIst, instantFromIstInput, istInputValue } from '../desk-form';
import { StateLabel } from './state-label';
import { SectionCard } from '../../../components/section-card';

/** Which action is running, so only its button spins. */
export type DeskAction = 'save' | 'publish' | 'schedule' | 'unpublish' | 'delete' | 'restore';

interface PublishPanelProps {
  saved: EditorNewsArticle | null;
  dirty: boolean;
  busy: DeskAction | null;
  onSave: () => void;
  onPublish: () => void;
  /** `at`: the ISO instant to publish at. */
  onSchedule: (at: string) => void;
  onUnpublish: () => void;
  onDelete: () => void;
  onVersions: () => void;
}

/** Where the article stands and what can be done with it: save, publish now, schedule in IST, unpublish, delete a draft, versions. */
export function PublishPanel({ saved, dirty, busy, onSave, onPublish, onSchedule, onUnpublish, onDelete, onVersions }: PublishPanelProps) {
  const { t, i18n } = useTranslation('news');
  const language = i18n.resolvedLanguage ?? 'en-US';
  const [scheduleAt, setScheduleAt] = useState(() => (saved?.state === 'scheduled' && saved.publishAt ? istInputValue(new Date(saved.publishAt)) : ''));
  // The panel starts again with each saved version (its key), so the moment it opened is recent enough.
  const [openedAt] = useState(() => Date.now());
  const at = instantFromIstInput(scheduleAt);
  const inFuture = at !== undefined && at.getTime() > openedAt;
  const state = saved?.state ?? 'draft';

  const status = !saved
    ? t('desk.status.new')
    : state === 'scheduled'
      ? t('desk.status.scheduled', { when: formatIst(saved.publishAt, language) })
      : state === 'published'
        ? t('desk.status.published', { when: formatIst(saved.publishedAt, language) })
        : state === 'unpublished'
          ? t('desk.status.unpublished')
          : t('desk.status.draft');

  return (
    <SectionCard title={t('desk.publishing')}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <StateLabel state={state} />
        <Typography variant="body2" data-testid="desk-status">
          {status}
        </Typography>
      </Box>
      {saved && (
        <Typography variant="body2" color="textSecondary">
          {t('desk.versionLine', { version: saved.version, when: formatIst(saved.updatedAt, language) })}
        </Typography>
      )}
      {dirty && saved && (
        <Typography variant="body2" sx={{ mt: 1, fontWeight: 600, color: '#7A3E00' }}>
          {t('desk.unsaved')}
        </Typography>
      )}
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <Button variant="contained" onClick={onSave} loading={busy === 'save'} disabled={busy !== null || (!dirty && saved !== null)}>
          {t('desk.save')}
        </Button>
        {state !== 'published' && (
          <Button variant="outlined" onClick={onPublish} loading={busy === 'publish'} disabled={busy !== null}>
            {dirty ? t('desk.saveAndPublish') : t('desk.publishNow')}
          </Button>
        )}
        {saved && (state === 'published' || state === 'scheduled') && (
          <Button variant="outlined" color="inherit" onClick={onUnpublish} loading={busy === 'unpublish'} disabled={busy !== null}>
            {t('desk.unpublish')}
          </Button>
        )}
        {saved && state === 'draft' && saved.publishedAt === null && (
          <Button color="error" onClick={onDelete} loading={busy === 'delete'} disabled={busy !== null}>
            {t('desk.deleteDraft')}
          </Button>
        )}
        {saved && (
          <Button onClick={onVersions} disabled={busy !== null}>
            {t('desk.versions')}
          </Button>
        )}
      </Stack>
      {state !== 'published' && (
        <Box
          component="form"
          sx={{ mt: 3 }}
          onSubmit={(event) => {
            event.preventDefault();
            if (at && inFuture) onSchedule(at.toISOString());
          }}
        >
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('desk.schedule')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
            <TextField
              type="datetime-local"
              label={t('desk.scheduleAt')}
              value={scheduleAt}
              onChange={(event) => setScheduleAt(event.target.value)}
              error={scheduleAt !== '' && !inFuture}
              helperText={
                scheduleAt === ''
                  ? t('desk.scheduleHint')
                  : inFuture
                    ? t('desk.scheduleWhen', { when: formatIst(at.toISOString(), language) })
                    : t('desk.scheduleInPast')
              }
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: istInputValue(new Date(openedAt)), step: 60 } }}
              sx={{ flex: '1 1 240px', maxWidth: 360 }}
            />
            <Button type="submit" variant="outlined" loading={busy === 'schedule'} disabled={busy !== null || !inFuture} sx={{ mt: 0.5 }}>
              {dirty ? t('desk.saveAndSchedule') : t('desk.scheduleButton')}
            </Button>
          </Box>
        </Box>
      )}
    </SectionCard>
  );
}
