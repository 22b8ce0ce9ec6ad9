import { cardRelativeTime } from '@saathi/shared';
import type { TFunction } from 'i18next';

/**
 * A notification's time in the reader's language, by the community cards' rule (SPEC.md §9,
 * `cardRelativeTime`): "Just now" under a minute, then minutes, hours, days up to 6, else the date.
 */
export function notificationTimeText(t: TFunction<'notifications'>, iso: string, now: number, language: string): string {
  const time = cardRelativeTime(new Date(iso), new Date(now));
  switch (time.unit) {
    case 'justNow':
      return t('time.now');
    case 'minutes':
      return t('time.minutes', { count: time.count });
    case 'hours':
      return t('time.hours', { count: time.count });
    case 'days':
      return t('time.days', { count: time.count });
    default:
      return new Date(iso).toLocaleDateString(language, { dateStyle: 'medium' });
  }
}
