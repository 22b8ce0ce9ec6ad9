import Stack from '@mui/material/Stack';
import { DEFAULT_APPS, type DefaultApp, type Language } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { APP_LANGUAGES, isAppLanguage } from '../../../i18n/languages';
import { featureFlags } from '../../../lib/feature-flags';
import { NativeSelectField } from '../../../components/form-fields';

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
    <NativeSelectField
      id="profile-default-app"
      label={t('preferences.defaultApp')}
      value={value}
      onValue={(next) => {
        if (isDefaultApp(next)) onChange(next);
      }}
      error={error}
      hint={t('preferences.defaultAppHint')}
    >
      {offered.map((app) => (
        <option key={app} value={app}>
          {t(`preferences.apps.${app}`)}
        </option>
      ))}
    </NativeSelectField>
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
    <NativeSelectField
      id="profile-language"
      label={t('preferences.language')}
      value={value}
      onValue={(next) => {
        if (isAppLanguage(next)) onChange(next);
      }}
      error={error}
      hint={t('preferences.languageHint')}
    >
      {APP_LANGUAGES.map((language) => (
        <option key={language.code} value={language.code} lang={language.code}>
          {language.nativeName}
        </option>
      ))}
    </NativeSelectField>
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
