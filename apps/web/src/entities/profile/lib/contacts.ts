import { EmergencyContact, LIMITS } from '@saathi/shared';
import type { TFunction } from 'i18next';
import { fieldErrorsFromIssues, type AddResult } from './field-errors';

export interface ContactDraft {
  name: string;
  phoneNumber: string;
  relation: string;
}

export const EMPTY_CONTACT_DRAFT: ContactDraft = { name: '', phoneNumber: '', relation: '' };

/** Relations offered in the picker; stored as these codes and shown translated. */
export const RELATIONS = ['mother', 'father', 'spouse', 'sibling', 'child', 'relative', 'friend', 'neighbour', 'colleague', 'other'] as const;

export function isDraftEmpty(draft: ContactDraft): boolean {
  return draft.name.trim() === '' && draft.phoneNumber.trim() === '' && draft.relation === '';
}

/** Validates a new contact with the shared schema and appends it (normalised to 10 digits). */
export function addContact(t: TFunction<'profile'>, contacts: readonly EmergencyContact[], draft: ContactDraft): AddResult<EmergencyContact> {
  if (contacts.length >= LIMITS.emergencyContactsMax) {
    return { ok: false, errors: { name: t('contacts.limit', { count: LIMITS.emergencyContactsMax }) } };
  }
  const parsed = EmergencyContact.safeParse({
    name: draft.name,
    phoneNumber: draft.phoneNumber,
    ...(draft.relation === '' ? {} : { relation: draft.relation }),
  });
  if (!parsed.success) return { ok: false, errors: fieldErrorsFromIssues(t, parsed.error.issues) };
  if (contacts.some((contact) => contact.phoneNumber === parsed.data.phoneNumber)) {
    return { ok: false, errors: { phoneNumber: t('contacts.duplicate') } };
  }
  return { ok: true, items: [...contacts, parsed.data] };
}
