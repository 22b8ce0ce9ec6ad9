import type { UpdateUserBody } from '@saathi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldErrors, useSaveProfile } from '../../../entities/profile';

/**
 * Save for a tab that edits one profile list (contacts, locations): the list with any typed,
 * valid item (nothing is saved while the typed one is invalid), and the server's errors.
 */
export function useListSave<T>(listToSave: () => T[] | null, body: (list: T[]) => UpdateUserBody) {
  const { t } = useTranslation('account');
  const { save, isPending } = useSaveProfile();
  const [errors, setErrors] = useState<FieldErrors>({});

  async function onSave() {
    const list = listToSave();
    if (!list) return;
    const result = await save(body(list), { successMessage: t('saved') });
    setErrors(result.ok ? {} : result.errors);
  }

  return { onSave: () => void onSave(), saving: isPending, errors };
}
