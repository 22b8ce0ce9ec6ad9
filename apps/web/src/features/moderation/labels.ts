import { INDIA_OFFSET_MS, ageOf, type AnyReportReason, type ModerationAction, type ModerationTarget } from '@saathi/shared';
import type { TFunction } from 'i18next';

type T = TFunction<'moderation'>;

/** The words of the desk's fixed lists, each key written out so the key checks see every one. */
export const kindLabel = (t: T, kind: ModerationTarget): string => ({ post: t('kinds.post'), comment: t('kinds.comment'), reel: t('kinds.reel') })[kind];

export const actionLabel = (t: T, action: ModerationAction): string =>
  ({ restore: t('actions.restore'), remove: t('actions.remove'), warn: t('actions.warn'), suspend: t('actions.suspend') })[action];

/** What each decision does, said in the decide dialog before the moderator confirms. */
export const effectText = (t: T, action: ModerationAction): string =>
  ({ restore: t('decide.effect.restore'), remove: t('decide.effect.remove'), warn: t('decide.effect.warn'), suspend: t('decide.effect.suspend') })[action];

/** An instant (ISO) as India wall-clock minutes, 'YYYY-MM-DD HH:mm', as the desk's deadlines read. */
export const indiaMinutes = (iso: string): string => new Date(new Date(iso).getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');

export const reasonLabel = (t: T, reason: AnyReportReason): string =>
  ({
    spam: t('reasons.spam'),
    harassment: t('reasons.harassment'),
    hate: t('reasons.hate'),
    violence: t('reasons.violence'),
    sexual_content: t('reasons.sexual_content'),
    intimate_image: t('reasons.intimate_image'),
    misinformation: t('reasons.misinformation'),
    private_information: t('reasons.private_information'),
    other: t('reasons.other'),
    abuse: t('reasons.abuse'),
    nudity: t('reasons.nudity'),
    scam: t('reasons.scam'),
    privacy: t('reasons.privacy'),
  })[reason];

export const appealStatusLabel = (t: T, status: 'open' | 'upheld' | 'overturned'): string =>
  ({ open: t('mine.status.open'), upheld: t('mine.status.upheld'), overturned: t('mine.status.overturned') })[status];

/** How old a report is ("Reported just now", "12 minutes old", "3 hours old", "2 days old"), never "0 hours old". */
export function ageText(t: T, reportedAt: string, now: Date): string {
  const age = ageOf(new Date(reportedAt), now);
  switch (age.unit) {
    case 'justNow':
      return t('ageJustNow');
    case 'minutes':
      return t('ageMinutes', { count: age.count });
    case 'hours':
      return t('ageHours', { count: age.count });
    case 'days':
      return t('ageDays', { count: age.count });
  }
}
