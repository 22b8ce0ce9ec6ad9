import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { NEWS_CATEGORIES, type NewsCategory } from '@saathi/shared';
import { LANGUAGE_NATIVE_NAMES, NEWS_LANGUAGES, type NewsLanguage } from '@saathi/shared/languages';
import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ToggleChip } from '../../../components/toggle-chip';
import { useToast } from '../../../components/toast';
import { useErrorText } from '../../../lib/error-text';
import { useCategoryNames } from '../labels';
import type { ReaderPreferences } from '../news-preferences';
import { brand } from '../../../theme/tokens';

/** The language row: the app's language (until changed), or one news language picked on purpose. */
type LanguageChoice = 'app' | NewsLanguage;

interface NewsPreferencesControlProps {
  preferences: ReaderPreferences;
  /** The news language of the language the app shows now. */
  appLanguage: NewsLanguage;
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
 * Which language the news is in ("News in हिन्दी · same as the app") and in a second line
 * all or breaking and the categories; behind a button the choices: the language (same as the
 * app, or one picked on purpose), categories as chips, all news or breaking only.
 */
export function NewsPreferencesControl({ preferences, appLanguage, onSave, saving }: NewsPreferencesControlProps) {
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
    preferences.newsType === 'breaking' ? t('preferences.breakingOnly') : t('preferences.allNews'),
    preferences.categories.length === 0 ? t('preferences.everyCategory') : preferences.categories.map((category) => categoryNames[category]).join(', '),
  ].join(' · ');

  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="news-language">
            <Trans
              t={t}
              i18nKey="preferences.showing"
              values={{ language: LANGUAGE_NATIVE_NAMES[preferences.language] }}
              components={{ lang: <span lang={preferences.language} /> }}
            />
            {preferences.followAppLanguage && (
              <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
                {' · '}
                {t('preferences.followsApp')}
              </Box>
            )}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {summary}
          </Typography>
        </Box>
        <Button startIcon={<TuneIcon />} onClick={toggleOpen} aria-expanded={open} aria-controls={panelId} sx={{ flexShrink: 0 }}>
          {t('preferences.edit')}
        </Button>
      </Box>
      <Collapse in={open} unmountOnExit>
        <Stack id={panelId} component="section" aria-label={t('preferences.title')} spacing={2} sx={{ pt: 1, pb: 1 }}>
          <OneOf<LanguageChoice>
            id={`${panelId}-language`}
            title={t('preferences.language')}
            value={draft.followAppLanguage ? 'app' : draft.language}
            options={[
              { value: 'app', label: t('preferences.sameAsApp', { language: LANGUAGE_NATIVE_NAMES[appLanguage] }) },
              ...NEWS_LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NATIVE_NAMES[code], lang: code })),
            ]}
            onChange={(choice) =>
              setDraft((current) =>
                choice === 'app' ? { ...current, followAppLanguage: true, language: appLanguage } : { ...current, followAppLanguage: false, language: choice },
              )
            }
          />
          <OneOf
            id={`${panelId}-kind`}
            title={t('preferences.kind')}
            value={draft.newsType}
            options={NEWS_KINDS.map((kind) => ({ value: kind, label: kind === 'breaking' ? t('preferences.breakingOnly') : t('preferences.allNews') }))}
            onChange={(newsType) => setDraft((current) => ({ ...current, newsType }))}
          />
          <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 0.75, p: 0 }}>
              {t('preferences.categories')}
            </Typography>
            <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
              {t('preferences.categoriesHint')}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {NEWS_CATEGORIES.map((category) => (
                <ToggleChip
                  key={category}
                  label={categoryNames[category]}
                  chosen={draft.categories.includes(category)}
                  onClick={() => toggleCategory(category)}
                />
              ))}
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

interface OneOfProps<T extends string> {
  id: string;
  title: string;
  value: T;
  options: readonly { value: T; label: string; lang?: string }[];
  onChange: (value: T) => void;
}

/** A titled row of toggle buttons of which exactly one stays chosen (pressing the chosen one again keeps it). */
function OneOf<T extends string>({ id, title, value, options, onChange }: OneOfProps<T>) {
  return (
    <Box>
      <Typography id={id} variant="subtitle2" component="h2" sx={{ mb: 0.75 }}>
        {title}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        aria-labelledby={id}
        value={value}
        onChange={(_event, next: T | null) => next && onChange(next)}
      >
        {options.map((option) => (
          <ToggleButton key={option.value} value={option.value} lang={option.lang} sx={toggleSx}>
            {option.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}
