import type { User } from '@saathi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SavedLocationsEditor } from '../../profile/components/saved-locations-editor';
import { useLocationsEditor } from '../../profile/hooks/use-locations-editor';
import type { FieldErrors } from '../../profile/lib/field-errors';
import { locationItemsFromUser } from '../../profile/lib/locations';
import { useSaveProfile } from '../../profile/lib/use-save-profile';
import { TabSection } from '../components/tab-section';

export function LocationsTab({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { save, isPending } = useSaveProfile();
  const editor = useLocationsEditor(locationItemsFromUser(user.locations));
  const [errors, setErrors] = useState<FieldErrors>({});

  async function onSave() {
    const list = editor.listToSave();
    if (!list) return;
    const result = await save({ locations: list }, { successMessage: t('saved') });
    setErrors(result.ok ? {} : result.errors);
  }

  return (
    <TabSection title={t('tabs.locations')} description={t('locations.description')} onSave={() => void onSave()} saving={isPending}>
      <SavedLocationsEditor editor={editor} errors={errors} />
    </TabSection>
  );
}
