import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NEWS_LIMITS } from '@saathi/shared';
import { LANGUAGE_NATIVE_NAMES, type NewsLanguage } from '@saathi/shared/languages';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-fields';
import type { TranslationDraft } from '../desk-form';
import { MarkdownPreview } from './markdown-preview';

const NO_ERRORS: Partial<Record<keyof TranslationDraft, string>> = {};

interface LanguageEditorProps {
  language: NewsLanguage;
  value: TranslationDraft;
  onChange: (language: NewsLanguage, next: TranslationDraft) => void;
  /** Field errors the server named, by field (`title`, `summary`, `body`). */
  errors?: Partial<Record<keyof TranslationDraft, string>>;
  /** Side by side each column says its language; in a tab, the tab does. */
  showHeading: boolean;
}

/**
 * One language of the article: title, summary and the Markdown body with its live preview.
 * Memoised: typing in one language leaves the other columns (and their previews) alone.
 */
export const LanguageEditor = memo(function LanguageEditor({ language, value, onChange, errors = NO_ERRORS, showHeading }: LanguageEditorProps) {
  const { t } = useTranslation('news');
  const id = useId();
  const name = LANGUAGE_NATIVE_NAMES[language];
  // One field of this language: what it holds, how it changes, and the server's word on it.
  const bind = (field: keyof TranslationDraft) => ({
    value: value[field],
    onValue: (text: string) => onChange(language, { ...value, [field]: text }),
    error: errors[field],
  });
  return (
    <Stack spacing={1.5} sx={{ minWidth: 0 }}>
      {showHeading && (
        <Typography variant="h6" component="h3" lang={language}>
          {name}
        </Typography>
      )}
      <FormTextField
        label={t('desk.fields.title', { language: name })}
        {...bind('title')}
        slotProps={{ htmlInput: { lang: language, maxLength: NEWS_LIMITS.titleMax } }}
      />
      <FormTextField
        label={t('desk.fields.summary', { language: name })}
        {...bind('summary')}
        hint={t('desk.fields.summaryHint')}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { lang: language, maxLength: NEWS_LIMITS.summaryMax } }}
      />
      <FormTextField
        label={t('desk.fields.body', { language: name })}
        {...bind('body')}
        hint={t('desk.fields.bodyHint')}
        multiline
        minRows={8}
        slotProps={{ htmlInput: { lang: language, spellCheck: true } }}
      />
      <MarkdownPreview body={value.body} lang={language} labelId={`${id}-preview`} />
    </Stack>
  );
});
