import type { User } from '@saathi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmergencyContactsEditor } from '../../profile/components/emergency-contacts-editor';
import { useContactsEditor } from '../../profile/hooks/use-contacts-editor';
import type { FieldErrors } from '../../profile/lib/field-errors';
import { useSaveProfile } from '../../profile/lib/use-save-profile';
import { TabSection } from '../components/tab-section';

export function ContactsTab({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { save, isPending } = useSaveProfile();
  const editor = useContactsEditor(user.emergencyContacts);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function onSave() {
    const list = editor.listToSave();
    if (!list) return;
    const result = await save({ emergencyContacts: list }, { successMessage: t('saved') });
    setErrors(result.ok ? {} : result.errors);
  }

  return (
    <TabSection title={t('tabs.contacts')} description={t('contacts.description')} onSave={() => void onSave()} saving={isPending}>
      <EmergencyContactsEditor editor={editor} errors={errors} />
    </TabSection>
  );
}
