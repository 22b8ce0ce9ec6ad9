import type { FastifyBaseLogger } from 'fastify';
import { alertsT, languageOf } from '../../core/i18n';
import type { NotificationsService } from '../../core/notifications';
import type { ReelsDeskRepository } from './reels-desk.repository';

export type ModerationNotice = 'hidden' | 'restored' | 'deleted';

export interface ModerationNoticeInput {
  authorId: number;
  reelId: number;
  /** The reel's title when the moderator acted (a deleted reel has no row to read it from). */
  title: string;
  notice: ModerationNotice;
  /** As the moderator wrote it: the author reads the moderator's own words. */
  reason: string;
}

/** The notification `type` of each notice (the in-app list and the push carry it). */
export const NOTICE_TYPES: Record<ModerationNotice, string> = { hidden: 'reel.hidden', restored: 'reel.restored', deleted: 'reel.deleted' };

/**
 * Tells a reel's author what a moderator did, in the author's language: an in-app
 * notification, then a push through the notifications service. Sent after the change has
 * committed; a failure is logged, never turned into a failed moderation.
 */
export function createReelModerationNotifier({
  desk,
  notifications,
  log,
}: {
  desk: ReelsDeskRepository;
  notifications: NotificationsService;
  log: FastifyBaseLogger;
}) {
  return {
    async notify({ authorId, reelId, title, notice, reason }: ModerationNoticeInput): Promise<void> {
      try {
        const author = await desk.author(authorId);
        if (!author) return;
        const t = alertsT(languageOf(author.language));
        const name = title.trim();
        await notifications.deliver([
          {
            userId: author.id,
            type: NOTICE_TYPES[notice],
            title: t(`reelModeration.${notice}.title`),
            body: name ? t(`reelModeration.${notice}.body`, { title: name, reason }) : t(`reelModeration.${notice}.bodyUntitled`, { reason }),
            // Only a restored reel is there to open; the others open the notifications list.
            data: { reelId, reason, ...(notice === 'restored' ? { url: '/incident-reels' } : {}) },
          },
        ]);
      } catch (error) {
        log.warn({ reelId, notice, reason: String(error) }, 'the reel moderation notice was not delivered');
      }
    },
  };
}

export type ReelModerationNotifier = ReturnType<typeof createReelModerationNotifier>;
