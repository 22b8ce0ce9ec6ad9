import type { Language } from '@saathi/shared';
import { alertsT } from '../../core/i18n';

/**
 * What the safety timer sends by push and in-app, in the reader's language (the `safetyTimer`
 * part of the shared `alerts` catalog; its SMS are templates of @saathi/shared/sms): the owner
 * reads their own; a contact who uses the app, theirs; a contact without the app, the owner's.
 */

/** The web route the owner's notifications open. */
export const SAFETY_TIMER_URL = '/safety-timer';

/** The web route a journey's notifications open (features/journeys). */
export const JOURNEY_URL = '/journey';

/**
 * Why the contacts hear of it: the timer ran out unanswered (or a journey's "Are you OK?" went
 * unanswered), a silent alert (duress PIN, too many wrong PINs), or a journey started.
 */
export type ContactAlertKind = 'overdue' | 'silent' | 'started';

type TimerKind = 'timer' | 'journey';

const who = (language: Language, name: string | null) => name ?? alertsT(language)('yourContact');

/** A journey's texts speak of the journey: "Not there yet?", "has not arrived", "arrived safely". */
export const timerTexts = {
  reminder: (language: Language, minutes: number, kind: TimerKind = 'timer') => {
    const t = alertsT(language);
    if (kind === 'journey') return { title: t('journey.reminder.title'), body: t('journey.reminder.body') };
    return { title: t('safetyTimer.reminder.title', { minutes }), body: t('safetyTimer.reminder.body') };
  },
  check: (language: Language, kind: TimerKind = 'timer') => {
    const t = alertsT(language);
    if (kind === 'journey') return { title: t('journey.late.title'), body: t('journey.late.body') };
    return { title: t('safetyTimer.check.title'), body: t('safetyTimer.check.body') };
  },
  openTimer: (language: Language, kind: TimerKind = 'timer') => alertsT(language)(kind === 'journey' ? 'journey.openJourney' : 'safetyTimer.openTimer'),
  contactAlert: (language: Language, alert: ContactAlertKind, name: string | null, kind: TimerKind = 'timer') => {
    const t = alertsT(language);
    const key = alert === 'started' ? 'journey.started' : alert === 'overdue' && kind === 'journey' ? 'journey.alert' : `safetyTimer.${alert}`;
    return { title: t(`${key}.title`, { name: who(language, name) }), body: t(`${key}.body`) };
  },
  allClear: (language: Language, name: string | null, kind: TimerKind = 'timer') => {
    const t = alertsT(language);
    if (kind === 'journey') return { title: t('journey.arrived.title', { name: who(language, name) }), body: t('journey.arrived.body') };
    return { title: t('safetyTimer.allClear.title'), body: t('safetyTimer.allClear.body', { name: who(language, name) }) };
  },
};
