import type { User } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { SavedLocationsEditor, useLocationsEditor, locationItemsFromUser } from '../../../entities/profile';
import { TabSection } from '../components/tab-section';
import { useListSave } from '../components/use-list-save';

export function LocationsTab({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const editor = useLocationsEditor(locationItemsFromUser(user.locations));
  const { onSave, saving, errors } = useListSave(editor.listToSave, (locations) => ({ locations }));

  return (
    <TabSection title={t('tabs.locations')} description={t('locations.description')} onSave={onSave} saving={saving}>
      <SavedLocationsEditor editor={editor} errors={errors} />
    </TabSection>
  );
}
