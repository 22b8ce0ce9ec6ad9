import type { ModerationAction, ModerationTarget } from '@saathi/shared';
import type { FastifyBaseLogger } from 'fastify';
import { alertsT, languageOf } from '../../core/i18n';
import type { NewNotification, NotificationsService } from '../../core/notifications';
import type { ModerationRepository } from './moderation.repository';
import { indiaWallClock } from './moderation-deadlines';

/** Where the author reads their decisions and appeals (the web app's page). */
export const MY_DECISIONS_URL = '/community-feeds/decisions';

type Notice =
  | { to: 'author'; userId: number; decisionId: number; kind: ModerationTarget; action: ModerationAction; removed: boolean; reason: string; until: Date | null }
  | { to: 'appellant'; userId: number; decisionId: number; kind: ModerationTarget; outcome: 'upheld' | 'overturned' | 'cancelled'; reason: string }
  | { to: 'reporter'; userId: number; kind: ModerationTarget; targetId: number; outcome: 'restore' | 'removed' | 'actioned' };

/** The catalog key of what the author reads: warn and suspend say whether the item came down too. */
const authorKey = ({ action, removed }: { action: ModerationAction; removed: boolean }) =>
  (action === 'warn' || action === 'suspend') && removed ? `${action}Removed` : action;

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
    const text = (key: string, vars: Record<string, string>) => ({ title: t(`moderation.${key}.title`, vars), body: t(`moderation.${key}.body`, vars) });
    if (notice.to === 'reporter') {
      return {
        userId: user.id,
        type: 'moderation.report',
        ...text(`reporter.${notice.outcome}`, { kind }),
        data: {},
        // A reporter hears the outcome of an item once, even if it is decided again on appeal.
        dedupeKey: `moderation.report:${notice.kind}:${notice.targetId}`,
      };
    }
    const link = { decisionId: notice.decisionId, url: `${MY_DECISIONS_URL}?decision=${notice.decisionId}` };
    if (notice.to === 'appellant') {
      return { userId: user.id, type: 'moderation.appeal', ...text(`appeal.${notice.outcome}`, { kind, reason: notice.reason }), data: link };
    }
    // The end of a suspension in India wall-clock minutes: people read it as a time of day.
    const until = notice.until ? indiaWallClock(notice.until).slice(0, 16) : '';
    return { userId: user.id, type: 'moderation.decision', ...text(`decision.${authorKey(notice)}`, { kind, reason: notice.reason, until }), data: link };
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
