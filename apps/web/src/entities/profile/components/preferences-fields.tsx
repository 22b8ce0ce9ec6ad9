import Stack from '@mui/material/Stack';
import { DEFAULT_APPS, type DefaultApp, type Language } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { APP_LANGUAGES } from '../../../i18n/languages';
import { useFeatureFlags } from '../../../lib/feature-flags';
import { ChoiceField, type ChoiceProps } from '../../../components/form/choice-field';

/** "Open after login". The astrology assistant is offered only when its feature is on (else it lands on SOS). */
export function DefaultAppSelect(props: ChoiceProps<DefaultApp>) {
  const { t } = useTranslation('profile');
  const { astroAi } = useFeatureFlags();
  const offered = DEFAULT_APPS.filter((app) => app !== 'astroai' || astroAi || props.value === 'astroai');
  const options = offered.map((app) => ({ value: app, label: t(`preferences.apps.${app}`) }));
  return <ChoiceField {...props} id="profile-default-app" label={t('preferences.defaultApp')} hint={t('preferences.defaultAppHint')} options={options} />;
}

/** Language names are written in their own script, so each is readable whatever the UI language. */
const LANGUAGE_OPTIONS = APP_LANGUAGES.map((language) => ({ value: language.code, label: language.nativeName, lang: language.code }));

export function LanguageSelect(props: ChoiceProps<Language>) {
  const { t } = useTranslation('profile');
  return <ChoiceField {...props} id="profile-language" label={t('preferences.language')} hint={t('preferences.languageHint')} options={LANGUAGE_OPTIONS} />;
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
