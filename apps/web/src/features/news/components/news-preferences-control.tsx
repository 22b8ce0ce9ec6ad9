import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { NEWS_CATEGORIES, type NewsCategory } from '@saathi/shared';
import { LANGUAGE_NATIVE_NAMES, NEWS_LANGUAGES, type NewsLanguage } from '@saathi/shared/languages';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast';
import { useErrorText } from '../../../lib/error-text';
import { useCategoryNames } from '../labels';
import type { ReaderPreferences } from '../news-preferences';
import { brand } from '../../../theme/tokens';

interface NewsPreferencesControlProps {
  preferences: ReaderPreferences;
  onSave: (next: ReaderPreferences) => Promise<void>;
  saving: boolean;
}

const NEWS_KINDS = ['all', 'breaking'] as const;

/** The chosen option in the dark pink on the pale tint: MUI's default pink on its own tint is under 4.5:1. */
const toggleSx = {
  px: 2,
  '&.Mui-selected, &.Mui-selected:hover': { color: 'primary.dark', bgcolor: brand.pinkTint, fontWeight: 600 },
} as const;

/**
 * What the reader sees in one line (language, all or breaking, categories), and behind a
 * button the choices: language, categories as chips, all news or breaking only.
 */
export function NewsPreferencesControl({ preferences, onSave, saving }: NewsPreferencesControlProps) {
  const { t } = useTranslation('news');
  const toast = useToast();
  const errorText = useErrorText();
  const categoryNames = useCategoryNames();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(preferences);

  function toggleOpen() {
    // Each opening starts from what is saved, not from a choice left unsaved last time.
    if (!open) setDraft(preferences);
    setOpen(!open);
  }

  function toggleCategory(category: NewsCategory) {
    setDraft((current) => ({
      ...current,
      categories: current.categories.includes(category) ? current.categories.filter((item) => item !== category) : [...current.categories, category],
    }));
  }

  async function save() {
    try {
      await onSave(draft);
      setOpen(false);
      toast.success(t('preferences.saved'), { autoHideMs: 2000 });
    } catch (error) {
      toast.error(errorText(error));
    }
  }

  const summary = [
    LANGUAGE_NATIVE_NAMES[preferences.language],
    preferences.newsType === 'breaking' ? t('preferences.breakingOnly') : t('preferences.allNews'),
    preferences.categories.length === 0 ? t('preferences.everyCategory') : preferences.categories.map((category) => categoryNames[category]).join(', '),
  ].join(' · ');

  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 0 }}>
          {summary}
        </Typography>
        <Button startIcon={<TuneIcon />} onClick={toggleOpen} aria-expanded={open} aria-controls={panelId} sx={{ flexShrink: 0 }}>
          {t('preferences.edit')}
        </Button>
      </Box>
      <Collapse in={open} unmountOnExit>
        <Stack id={panelId} component="section" aria-label={t('preferences.title')} spacing={2} sx={{ pt: 1, pb: 1 }}>
          <Box>
            <Typography id={`${panelId}-language`} variant="subtitle2" component="h2" sx={{ mb: 0.75 }}>
              {t('preferences.language')}
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              color="primary"
              aria-labelledby={`${panelId}-language`}
              value={draft.language}
              onChange={(_event, value: NewsLanguage | null) => value && setDraft((current) => ({ ...current, language: value }))}
            >
              {NEWS_LANGUAGES.map((code) => (
                <ToggleButton key={code} value={code} lang={code} sx={toggleSx}>
                  {LANGUAGE_NATIVE_NAMES[code]}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Box>
          <Box>
            <Typography id={`${panelId}-kind`} variant="subtitle2" component="h2" sx={{ mb: 0.75 }}>
              {t('preferences.kind')}
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              color="primary"
              aria-labelledby={`${panelId}-kind`}
              value={draft.newsType}
              onChange={(_event, value: ReaderPreferences['newsType'] | null) => value && setDraft((current) => ({ ...current, newsType: value }))}
            >
              {NEWS_KINDS.map((kind) => (
                <ToggleButton key={kind} value={kind} sx={toggleSx}>
                  {kind === 'breaking' ? t('preferences.breakingOnly') : t('preferences.allNews')}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Box>
          <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 0.75, p: 0 }}>
              {t('preferences.categories')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('preferences.categoriesHint')}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {NEWS_CATEGORIES.map((category) => {
                const chosen = draft.categories.includes(category);
                return (
                  <Chip
                    key={category}
                    label={categoryNames[category]}
                    color={chosen ? 'primary' : 'default'}
                    variant={chosen ? 'filled' : 'outlined'}
                    onClick={() => toggleCategory(category)}
                    aria-pressed={chosen}
                    component="button"
                    type="button"
                  />
                );
              })}
            </Box>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
            <Button onClick={() => setOpen(false)}>{t('preferences.cancel')}</Button>
            <Button variant="contained" onClick={() => void save()} loading={saving}>
              {t('preferences.save')}
            </Button>
          </Box>
        </Stack>
      </Collapse>
    </Paper>
  );
}
