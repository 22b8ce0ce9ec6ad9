import type { AlertTextTopic, AlertVerifierRole, LocalAlert, LocalAlertCategory, LocalAlertStatus } from '@saathi/shared';
import type { TFunction } from 'i18next';

/**
 * The `local-alerts` namespace's key families built from fixed lists, in one place
 * (labels.test.ts checks every member in each language). `t` is that namespace's.
 */
export interface LabelFamilies {
  categories: LocalAlertCategory;
  /** One line under a category in the chooser: what it covers. */
  categoryHints: LocalAlertCategory;
  status: LocalAlertStatus;
  verifiedBy: AlertVerifierRole;
  topics: AlertTextTopic;
}

export function label<F extends keyof LabelFamilies>(
  t: TFunction<'local-alerts'>,
  family: F,
  member: LabelFamilies[F],
  options?: Record<string, unknown>,
): string {
  return t(`${family}.${member}`, options ?? {});
}

/** Which words an alert's status gets: who confirmed it, how many reported it, or that it is not confirmed yet. */
export type StatusWording =
  | { kind: 'status'; status: LocalAlertStatus }
  | { kind: 'verifiedBy'; role: AlertVerifierRole }
  | { kind: 'verifiedByProfession'; profession: NonNullable<LocalAlert['verifierProfession']> }
  | { kind: 'corroborated'; reports: number };

export function statusWording(alert: Pick<LocalAlert, 'status' | 'verifierRole' | 'verifierProfession' | 'reports'>): StatusWording {
  if (alert.status === 'verified' && alert.verifierRole === 'responder' && alert.verifierProfession) {
    return { kind: 'verifiedByProfession', profession: alert.verifierProfession };
  }
  if (alert.status === 'verified' && alert.verifierRole) return { kind: 'verifiedBy', role: alert.verifierRole };
  if (alert.status === 'corroborated') return { kind: 'corroborated', reports: Math.max(alert.reports, 2) };
  return { kind: 'status', status: alert.status };
}

/** "Just now", "12 min ago", "2 hours ago": alerts live at most 6 hours, so minutes and hours are enough. */
export function ageText(t: TFunction<'local-alerts'>, ageMinutes: number): string {
  if (ageMinutes < 1) return t('age.justNow');
  if (ageMinutes < 60) return t('age.minutes', { count: ageMinutes });
  return t('age.hours', { count: Math.floor(ageMinutes / 60) });
}
