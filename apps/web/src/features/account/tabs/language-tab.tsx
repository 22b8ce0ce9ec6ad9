import Stack from '@mui/material/Stack';
import type { DefaultApp, Language, User } from '@saathi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast';
import { changeAppLanguage } from '../../../i18n';
import { isAppLanguage } from '../../../i18n/languages';
import { DefaultAppSelect, LanguageSelect, useSaveProfile } from '../../../entities/profile';
import { TabSection } from '../components/tab-section';
import { DataRightsSection } from '../data-rights/data-rights-section';
import { PrivacySection } from './privacy-section';

/**
 * "Language and privacy". The language applies at once (like the switcher in the header); "Open
 * after login" is saved with Save; the leaderboard switch in its own section applies at once.
 * "Your data" (download, delete the account) closes the tab.
 */
export function LanguageTab({ user }: { user: User }) {
  const { t, i18n } = useTranslation('account');
  const toast = useToast();
  const { save, isPending } = useSaveProfile();
  const [defaultApp, setDefaultApp] = useState<DefaultApp>(user.defaultApp);
  const shown: Language = isAppLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : user.language;

  async function chooseLanguage(language: Language) {
    const applied = await changeAppLanguage(language);
    if (applied !== language) {
      toast.error(t('language.loadFailed'));
      return;
    }
    await save({ language });
  }

  async function onSave() {
    await save({ defaultApp }, { successMessage: t('saved') });
  }

  return (
    <Stack spacing={2}>
      <TabSection title={t('language.title')} description={t('language.description')} onSave={() => void onSave()} saving={isPending}>
        <Stack spacing={2}>
          <LanguageSelect value={shown} onChange={(language) => void chooseLanguage(language)} />
          <DefaultAppSelect value={defaultApp} onChange={setDefaultApp} />
        </Stack>
      </TabSection>
      <PrivacySection user={user} />
      <DataRightsSection />
    </Stack>
  );
}
