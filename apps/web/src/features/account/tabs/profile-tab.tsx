import type { User } from '@saathi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonalFields, type FieldErrors, personalBodyFromValues, personalValuesFromUser, useSaveProfile } from '../../../entities/profile';
import { TabSection } from '../components/tab-section';

export function ProfileTab({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { save, isPending } = useSaveProfile();
  const [values, setValues] = useState(() => personalValuesFromUser(user));
  const [errors, setErrors] = useState<FieldErrors>({});

  async function onSave() {
    const result = await save(personalBodyFromValues(values, { includeEmail: true, storedName: user.name }), { successMessage: t('saved') });
    setErrors(result.ok ? {} : result.errors);
  }

  return (
    <TabSection title={t('tabs.profile')} description={t('profile.description')} onSave={() => void onSave()} saving={isPending}>
      <PersonalFields values={values} errors={errors} onChange={setValues} showEmail />
    </TabSection>
  );
}
