import { INDIA_OFFSET_MS, RESPONDER_PROFESSIONS, type Language, type LocalAlertCategory, type ResponderProfession } from '@saathi/shared';
import { alertsT } from '../../core/i18n';

/**
 * What a local alert says, in the reader's language (the `localAlert` part of the shared
 * `alerts` catalog): what, roughly where (a distance band from the person's area), who checked
 * it (a role, never a name), when, and what to do. Calm words only.
 */

/** The distance bands of `localAlert.near`, by their upper bound in metres. */
const NEAR_BANDS = [
  [500, '0-500'],
  [1000, '500-1000'],
  [2000, '1000-2000'],
] as const;

export function nearBand(distanceM: number): '0-500' | '500-1000' | '1000-2000' | '2000-3000' {
  for (const [upTo, band] of NEAR_BANDS) if (distanceM <= upTo) return band;
  return '2000-3000';
}

/** 'HH:MM' on India's clock. */
export function indiaClock(at: Date): string {
  return new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(11, 16);
}

export interface AlertForText {
  category: LocalAlertCategory;
  createdAt: Date;
  reporters: number;
  verifierRole: 'moderator' | 'responder' | null;
  verifierProfession: string | null;
}

const isProfession = (value: string | null): value is ResponderProfession => (RESPONDER_PROFESSIONS as readonly string[]).includes(value ?? '');

export const alertTexts = {
  alert(language: Language, alert: AlertForText, distanceM: number): { title: string; body: string } {
    const t = alertsT(language);
    const category = t(`localAlert.category.${alert.category}`);
    const checked =
      alert.verifierRole === 'moderator'
        ? t('localAlert.checked.moderator')
        : alert.verifierRole === 'responder' && isProfession(alert.verifierProfession)
          ? t('localAlert.checked.responder', { profession: t(`localAlert.profession.${alert.verifierProfession}`) })
          : t('localAlert.checked.reports', { count: alert.reporters });
    return {
      title: t('localAlert.title', { category }),
      body: t('localAlert.body', { near: t(`localAlert.near.${nearBand(distanceM)}`), time: indiaClock(alert.createdAt), checked }),
    };
  },

  allClear(language: Language, alert: AlertForText): { title: string; body: string } {
    const t = alertsT(language);
    return {
      title: t('localAlert.allClear.title', { category: t(`localAlert.category.${alert.category}`) }),
      body: t('localAlert.allClear.body', { time: indiaClock(alert.createdAt) }),
    };
  },

  open: (language: Language) => alertsT(language)('localAlert.open'),
};
