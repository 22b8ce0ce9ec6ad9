import type { User } from '@saathi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SwitchField } from '../components/switch-field';
import { TabSection } from '../components/tab-section';
import { useSaveProfile } from '../../../entities/profile';

/**
 * "Show me on leaderboards", saved as soon as it is switched (like the language above it):
 * a privacy choice should not wait for a Save button the user may never press.
 */
export function PrivacySection({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { save } = useSaveProfile();
  const [shown, setShown] = useState(user.showOnLeaderboard);

  async function change(showOnLeaderboard: boolean) {
    setShown(showOnLeaderboard);
    const result = await save({ showOnLeaderboard }, { successMessage: t('saved') });
    // The save hook has told what went wrong; the switch goes back to what is stored.
    if (!result.ok) setShown(!showOnLeaderboard);
  }

  return (
    <TabSection title={t('privacy.title')}>
      <SwitchField
        label={t('privacy.showOnLeaderboard')}
        hint={t('privacy.showOnLeaderboardHint')}
        checked={shown}
        onChange={(checked) => void change(checked)}
      />
    </TabSection>
  );
}
