import type { FastifyBaseLogger } from 'fastify';
import { alertsT, languageOf } from '../../core/i18n';
import type { NotificationsService } from '../../core/notifications';
import type { FeedbackRepository } from './feedback.repository';

export type FeedbackNotice = 'answered' | 'closed';

/** The notification `type` of each notice (the in-app list and the push carry it). */
export const FEEDBACK_NOTICE_TYPES: Record<FeedbackNotice, string> = { answered: 'feedback.answered', closed: 'feedback.closed' };

/** The reply as the push shows it: the whole text is on /feedback. */
const REPLY_PREVIEW = 140;

/**
 * Tells a ticket's sender that an admin answered or closed it, in the sender's language: an
 * in-app notification, then a push. Sent after the answer has committed; a failure is logged,
 * never turned into a failed answer.
 */
export function createFeedbackNotifier({
  feedback,
  notifications,
  log,
}: {
  feedback: FeedbackRepository;
  notifications: NotificationsService;
  log: FastifyBaseLogger;
}) {
  return {
    async notify({ userId, ticketId, notice, reply }: { userId: number; ticketId: number; notice: FeedbackNotice; reply: string }): Promise<void> {
      try {
        const sender = await feedback.sender(userId);
        if (!sender) return;
        const t = alertsT(languageOf(sender.language));
        const preview = reply.length > REPLY_PREVIEW ? `${reply.slice(0, REPLY_PREVIEW - 1)}…` : reply;
        await notifications.deliver([
          {
            userId: sender.id,
            type: FEEDBACK_NOTICE_TYPES[notice],
            title: t(`feedback.${notice}.title`),
            body: t(`feedback.${notice}.body`, { reply: preview }),
            data: { ticketId, url: '/feedback' },
          },
        ]);
      } catch (error) {
        log.warn({ ticketId, notice, reason: String(error) }, 'the feedback notice was not delivered');
      }
    },
  };
}

export type FeedbackNotifier = ReturnType<typeof createFeedbackNotifier>;
