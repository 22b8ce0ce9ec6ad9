import type { TFunction } from 'i18next';

export type RelativeUnit = 'now' | 'minutes' | 'hours' | 'days' | 'date';

/** Community-card style (SPEC.md §9): just now under 60 s, then minutes, hours, days up to 6. */
export function relativeTimeParts(iso: string, now: number): { unit: RelativeUnit; value: number } {
  const seconds = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 1000));
  if (!Number.isFinite(seconds) || seconds < 60) return { unit: 'now', value: 0 };
  if (seconds < 3600) return { unit: 'minutes', value: Math.floor(seconds / 60) };
  if (seconds < 86_400) return { unit: 'hours', value: Math.floor(seconds / 3600) };
  const days = Math.floor(seconds / 86_400);
  if (days <= 6) return { unit: 'days', value: days };
  return { unit: 'date', value: days };
}

/** A notification's time in the reader's language: "Just now" under a minute, then minutes, hours, days, else the date. */
export function notificationTimeText(t: TFunction<'notifications'>, iso: string, now: number, language: string): string {
  const time = relativeTimeParts(iso, now);
  switch (time.unit) {
    case 'now':
      return t('time.now');
    case 'minutes':
      return t('time.minutes', { count: time.value });
    case 'hours':
      return t('time.hours', { count: time.value });
    case 'days':
      return t('time.days', { count: time.value });
    case 'date':
      return new Date(iso).toLocaleDateString(language, { dateStyle: 'medium' });
  }
}
