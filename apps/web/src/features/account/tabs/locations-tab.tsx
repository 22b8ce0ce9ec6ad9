import type { User } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { SavedLocationsEditor } from '../../profile/components/saved-locations-editor';
import { useLocationsEditor } from '../../profile/hooks/use-locations-editor';
import { locationItemsFromUser } from '../../profile/lib/locations';
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
