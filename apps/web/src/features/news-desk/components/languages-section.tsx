import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { LANGUAGE_NATIVE_NAMES, NEWS_LANGUAGES, type NewsLanguage } from '@saathi/shared/languages';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isWritten, type DeskForm, type TranslationDraft } from '../desk-form';
import { LanguageEditor } from './language-editor';
import { SectionCard } from '../../../components/section-card';

interface LanguagesSectionProps {
  translations: DeskForm['translations'];
  onChange: (language: NewsLanguage, next: TranslationDraft) => void;
  errors: Partial<Record<NewsLanguage, Partial<Record<keyof TranslationDraft, string>>>>;
}

/**
 * The three languages side by side on a wide screen, so an editor can translate line by line;
 * one at a time in tabs on a phone. A tab says which languages are written.
 */
export function LanguagesSection({ translations, onChange, errors }: LanguagesSectionProps) {
  const { t } = useTranslation('news');
  const theme = useTheme();
  const sideBySide = useMediaQuery(theme.breakpoints.up('md'));
  const [open, setOpen] = useState<NewsLanguage>('en');
  const id = useId();

  return (
    <SectionCard title={t('desk.languages')} hint={t('desk.languagesHint')}>
      {sideBySide ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 2 }}>
          {NEWS_LANGUAGES.map((language) => (
            <LanguageEditor key={language} language={language} value={translations[language]} onChange={onChange} errors={errors[language]} showHeading />
          ))}
        </Box>
      ) : (
        <>
          <Tabs value={open} onChange={(_event, value: NewsLanguage) => setOpen(value)} aria-label={t('desk.languages')} variant="fullWidth" sx={{ mb: 2 }}>
            {NEWS_LANGUAGES.map((language) => (
              <Tab
                key={language}
                value={language}
                id={`${id}-tab-${language}`}
                aria-controls={`${id}-panel-${language}`}
                label={
                  <span lang={language}>
                    {LANGUAGE_NATIVE_NAMES[language]}
                    {isWritten(translations[language]) && <span aria-hidden> ✓</span>}
                  </span>
                }
                sx={{ minWidth: 0, px: 1 }}
              />
            ))}
          </Tabs>
          <Box role="tabpanel" id={`${id}-panel-${open}`} aria-labelledby={`${id}-tab-${open}`}>
            <LanguageEditor key={open} language={open} value={translations[open]} onChange={onChange} errors={errors[open]} showHeading={false} />
          </Box>
        </>
      )}
    </SectionCard>
  );
}
