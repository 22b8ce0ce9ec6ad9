import type { Language } from '@saathi/shared';
import { alertsT } from '../../core/i18n';

/**
 * What the safety timer sends by push and in-app, in the reader's language (the `safetyTimer`
 * part of the shared `alerts` catalog; its SMS are templates of @saathi/shared/sms): the owner
 * reads their own; a contact who uses the app, theirs; a contact without the app, the owner's.
 */

/** The web route the owner's notifications open. */
export const SAFETY_TIMER_URL = '/safety-timer';

/** Why the contacts hear of it: the timer ran out unanswered, or a silent alert (duress PIN, too many wrong PINs). */
export type ContactAlertKind = 'overdue' | 'silent';

const who = (language: Language, name: string | null) => name ?? alertsT(language)('yourContact');

export const timerTexts = {
  reminder: (language: Language, minutes: number) => {
    const t = alertsT(language);
    return { title: t('safetyTimer.reminder.title', { minutes }), body: t('safetyTimer.reminder.body') };
  },
  check: (language: Language) => {
    const t = alertsT(language);
    return { title: t('safetyTimer.check.title'), body: t('safetyTimer.check.body') };
  },
  openTimer: (language: Language) => alertsT(language)('safetyTimer.openTimer'),
  contactAlert: (language: Language, kind: ContactAlertKind, name: string | null) => {
    const t = alertsT(language);
    return { title: t(`safetyTimer.${kind}.title`, { name: who(language, name) }), body: t(`safetyTimer.${kind}.body`) };
  },
  allClear: (language: Language, name: string | null) => {
    const t = alertsT(language);
    return { title: t('safetyTimer.allClear.title'), body: t('safetyTimer.allClear.body', { name: who(language, name) }) };
  },
};
