import type { ModerationAction, ModerationTarget } from '@saathi/shared';
import type { FastifyBaseLogger } from 'fastify';
import { alertsT, languageOf } from '../../core/i18n';
import type { NewNotification } from '../notifications/notifications.repository';
import type { NotificationsService } from '../notifications/notifications.service';
import type { ModerationRepository } from './moderation.repository';
import { indiaWallClock } from './moderation-deadlines';

/** Where the author reads their decisions and appeals (the web app's page). */
export const MY_DECISIONS_URL = '/community-feeds/decisions';

type Notice =
  | { to: 'author'; userId: number; decisionId: number; kind: ModerationTarget; action: ModerationAction; reason: string; until: Date | null }
  | { to: 'appellant'; userId: number; decisionId: number; kind: ModerationTarget; outcome: 'upheld' | 'overturned'; reason: string }
  | { to: 'reporter'; userId: number; kind: ModerationTarget; targetId: number; restored: boolean };

/**
 * Tells authors and reporters what moderators decided, each in their own language: an in-app
 * notification, then a push. Sent after the decision committed; a failure is logged, never
 * turned into a failed decision.
 */
export function createModerationNotifier({
  repo,
  notifications,
  log,
}: {
  repo: ModerationRepository;
  notifications: NotificationsService;
  log: FastifyBaseLogger;
}) {
  async function render(notice: Notice): Promise<NewNotification | undefined> {
    const user = await repo.userLanguage(notice.userId);
    if (!user) return undefined;
    const t = alertsT(languageOf(user.language));
    const kind = t(`moderation.kinds.${notice.kind}`);
    if (notice.to === 'author') {
      // The end of a suspension in India wall-clock minutes: people read it as a time of day.
      const until = notice.until ? indiaWallClock(notice.until).slice(0, 16) : '';
      const vars = { kind, reason: notice.reason, until };
      return {
        userId: user.id,
        type: 'moderation.decision',
        title: t(`moderation.decision.${notice.action}.title`, vars),
        body: t(`moderation.decision.${notice.action}.body`, vars),
        data: { decisionId: notice.decisionId, url: `${MY_DECISIONS_URL}?decision=${notice.decisionId}` },
      };
    }
    if (notice.to === 'appellant') {
      const vars = { kind, reason: notice.reason };
      return {
        userId: user.id,
        type: 'moderation.appeal',
        title: t(`moderation.appeal.${notice.outcome}.title`, vars),
        body: t(`moderation.appeal.${notice.outcome}.body`, vars),
        data: { decisionId: notice.decisionId, url: `${MY_DECISIONS_URL}?decision=${notice.decisionId}` },
      };
    }
    const key = notice.restored ? 'restore' : 'removed';
    return {
      userId: user.id,
      type: 'moderation.report',
      title: t(`moderation.reporter.${key}.title`, { kind }),
      body: t(`moderation.reporter.${key}.body`, { kind }),
      data: {},
      // A reporter hears the outcome of an item once, even if it is decided again on appeal.
      dedupeKey: `moderation.report:${notice.kind}:${notice.targetId}`,
    };
  }

  return {
    async notify(notices: readonly Notice[]): Promise<void> {
      try {
        const items = (await Promise.all(notices.map(render))).filter((n): n is NewNotification => n !== undefined);
        if (items.length > 0) await notifications.deliver(items);
      } catch (error) {
        log.warn({ reason: String(error) }, 'a moderation notice was not delivered');
      }
    },
  };
}

export type ModerationNotifier = ReturnType<typeof createModerationNotifier>;
