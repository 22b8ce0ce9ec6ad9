import type { SosRecipient } from '@saathi/shared';

/** Why someone was reached, in words: "Emergency contact", "Emergency contact · also a volunteer nearby" or "Volunteer". */
export function recipientRoleText(
  t: (key: 'sos:recipients.volunteer' | 'sos:recipients.contact' | 'sos:recipients.contactAndVolunteer') => string,
  recipient: Pick<SosRecipient, 'role' | 'alsoVolunteer'>,
): string {
  if (recipient.role === 'volunteer') return t('sos:recipients.volunteer');
  return recipient.alsoVolunteer ? t('sos:recipients.contactAndVolunteer') : t('sos:recipients.contact');
}
