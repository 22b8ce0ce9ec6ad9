import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DEFAULT_APPS, type DefaultApp, type Language } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { APP_LANGUAGES, isAppLanguage } from '../../../i18n/languages';
import { featureFlags } from '../../../lib/feature-flags';

function isDefaultApp(value: string): value is DefaultApp {
  return (DEFAULT_APPS as readonly string[]).includes(value);
}

interface DefaultAppSelectProps {
  value: DefaultApp;
  onChange: (value: DefaultApp) => void;
  error?: string | undefined;
}

/** "Open after login". The astrology assistant is offered only when its feature is on (else it lands on SOS). */
export function DefaultAppSelect({ value, onChange, error }: DefaultAppSelectProps) {
  const { t } = useTranslation('profile');
  const offered = DEFAULT_APPS.filter((app) => app !== 'astroai' || featureFlags.astroAi || value === 'astroai');
  return (
    <TextField
      select
      fullWidth
      id="profile-default-app"
      label={t('preferences.defaultApp')}
      value={value}
      onChange={(event) => {
        if (isDefaultApp(event.target.value)) onChange(event.target.value);
      }}
      error={Boolean(error)}
      helperText={error ?? t('preferences.defaultAppHint')}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {offered.map((app) => (
        <option key={app} value={app}>
          {t(`preferences.apps.${app}`)}
        </option>
      ))}
    </TextField>
  );
}

interface LanguageSelectProps {
  value: Language;
  onChange: (value: Language) => void;
  error?: string | undefined;
}

/** Language names are written in their own script, so each is readable whatever the UI language. */
export function LanguageSelect({ value, onChange, error }: LanguageSelectProps) {
  const { t } = useTranslation('profile');
  return (
    <TextField
      select
      fullWidth
      id="profile-language"
      label={t('preferences.language')}
      value={value}
      onChange={(event) => {
        if (isAppLanguage(event.target.value)) onChange(event.target.value);
      }}
      error={Boolean(error)}
      helperText={error ?? t('preferences.languageHint')}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {APP_LANGUAGES.map((language) => (
        <option key={language.code} value={language.code} lang={language.code}>
          {language.nativeName}
        </option>
      ))}
    </TextField>
  );
}

interface PreferencesFieldsProps {
  defaultApp: DefaultApp;
  language: Language;
  onDefaultAppChange: (value: DefaultApp) => void;
  onLanguageChange: (value: Language) => void;
}

export function PreferencesFields(props: PreferencesFieldsProps) {
  return (
    <Stack spacing={2}>
      <DefaultAppSelect value={props.defaultApp} onChange={props.onDefaultAppChange} />
      <LanguageSelect value={props.language} onChange={props.onLanguageChange} />
    </Stack>
  );
}
