import { reelRelativeTime } from '@saathi/shared';
import type { TFunction } from 'i18next';

/** When a reel comment was written, in the reader's language (SPEC.md §9): "just now" under 30 s, then seconds, minutes, hours… */
export function reelTimeText(t: TFunction<'reels'>, createdAt: string, now: Date, language: string): string {
  const relative = reelRelativeTime(new Date(createdAt), now);
  switch (relative.unit) {
    case 'justNow':
      return t('time.justNow');
    case 'date':
      return relative.date.toLocaleDateString(language);
    case 'seconds':
      return t('time.seconds', { count: relative.count });
    case 'minutes':
      return t('time.minutes', { count: relative.count });
    case 'hours':
      return t('time.hours', { count: relative.count });
    case 'days':
      return t('time.days', { count: relative.count });
    case 'weeks':
      return t('time.weeks', { count: relative.count });
    case 'months':
      return t('time.months', { count: relative.count });
    case 'years':
      return t('time.years', { count: relative.count });
  }
}
