import type { User } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { EmergencyContactsEditor, useContactsEditor } from '../../../entities/profile';
import { TabSection } from '../components/tab-section';
import { useListSave } from '../components/use-list-save';

export function ContactsTab({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const editor = useContactsEditor(user.emergencyContacts);
  const { onSave, saving, errors } = useListSave(editor.listToSave, (emergencyContacts) => ({ emergencyContacts }));

  return (
    <TabSection title={t('tabs.contacts')} description={t('contacts.description')} onSave={onSave} saving={saving}>
      <EmergencyContactsEditor editor={editor} errors={errors} />
    </TabSection>
  );
}
