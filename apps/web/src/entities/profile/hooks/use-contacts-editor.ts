import { LIMITS, type EmergencyContact } from '@saathi/shared';
import { addContact, EMPTY_CONTACT_DRAFT, isDraftEmpty } from '../lib/contacts';
import { useListEditor } from './use-list-editor';

const CONTACT_RULES = { empty: EMPTY_CONTACT_DRAFT, max: LIMITS.emergencyContactsMax, isEmpty: isDraftEmpty, add: addContact };

/** State of the emergency-contacts editor (see useListEditor). */
export function useContactsEditor(initial: readonly EmergencyContact[]) {
  return useListEditor(initial, CONTACT_RULES);
}

export type ContactsEditorState = ReturnType<typeof useContactsEditor>;
