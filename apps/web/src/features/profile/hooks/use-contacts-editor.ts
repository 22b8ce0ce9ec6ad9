import type { EmergencyContact } from '@saathi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addContact, EMPTY_CONTACT_DRAFT, isDraftEmpty, type ContactDraft } from '../lib/contacts';
import type { FieldErrors } from '../lib/field-errors';

/**
 * State of the emergency-contacts editor, kept by the screen that saves it so that a
 * contact typed but not yet added is not lost when the user presses Next or Save.
 */
export function useContactsEditor(initial: readonly EmergencyContact[]) {
  const { t } = useTranslation('profile');
  const [contacts, setContacts] = useState<EmergencyContact[]>(() => [...initial]);
  const [draft, setDraft] = useState<ContactDraft>(EMPTY_CONTACT_DRAFT);
  const [draftErrors, setDraftErrors] = useState<FieldErrors>({});

  /** Adds the typed contact; returns the new list, or null when it is invalid. */
  function add(): EmergencyContact[] | null {
    const result = addContact(t, contacts, draft);
    if (!result.ok) {
      setDraftErrors(result.errors);
      return null;
    }
    setContacts(result.contacts);
    setDraft(EMPTY_CONTACT_DRAFT);
    setDraftErrors({});
    return result.contacts;
  }

  /** The list to save: includes a typed, valid contact; null when the typed one is invalid. */
  function listToSave(): EmergencyContact[] | null {
    return isDraftEmpty(draft) ? contacts : add();
  }

  function remove(index: number) {
    setContacts((current) => current.filter((_, i) => i !== index));
  }

  function changeDraft(next: ContactDraft) {
    setDraft(next);
    if (Object.keys(draftErrors).length > 0) setDraftErrors({});
  }

  return { contacts, draft, draftErrors, add, remove, changeDraft, listToSave, reset: setContacts };
}

export type ContactsEditorState = ReturnType<typeof useContactsEditor>;
