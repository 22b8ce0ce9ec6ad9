import { INDIA_OFFSET_MS, LANGUAGES, NEWS_LANGUAGES, indiaDate, readerNewsLanguage, startOfIndiaDay, type Language, type NewsLanguage } from '@saathi/shared';
import type { DbRef } from '../../core/db/db-ref';
import { alertsT, languageOf } from '../../core/i18n';
import { PermanentJobError, type OutboxHandler, type OutboxMessage } from '../../core/outbox';
import type { NewNotification, NotificationsService } from '../../core/notifications';
import { isLive } from './news.mapper';
import { createNewsBreakingRepository, type BreakingRecipient } from './news-breaking.repository';

export const NEWS_TOPICS = { breaking: 'news.breaking' } as const;

/** docs/newsroom.md: at most 2 breaking pushes per user per India calendar day... */
export const BREAKING_DAILY_CAP = 2;
/** ...and none from 22:00 to 07:00 India time: what falls due then waits until 07:00. */
const QUIET_FROM_HOUR = 22;
const QUIET_UNTIL_HOUR = 7;
const HOUR_MS = 3_600_000;
/** Notifications per deliver() call. */
const CHUNK = 500;

/** `at`, or 07:00 India time next if `at` falls in the quiet hours. */
export function outsideQuietHours(at: Date): Date {
  const hour = new Date(at.getTime() + INDIA_OFFSET_MS).getUTCHours();
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return at;
  const dayStart = startOfIndiaDay(at).getTime();
  return new Date(dayStart + (hour >= QUIET_FROM_HOUR ? 24 + QUIET_UNTIL_HOUR : QUIET_UNTIL_HOUR) * HOUR_MS);
}

/**
 * The job that pushes an article when it goes out, written with the publication. Its key names
 * the publication (article and time), so publishing twice at the same time writes one job;
 * publishing again later writes another, but news_breaking_pushes lets each person get an
 * article once, however often it is published.
 */
export function breakingMessage(articleId: number, publishedAt: Date, now: Date): OutboxMessage {
  const due = publishedAt.getTime() > now.getTime() ? publishedAt : now;
  return {
    topic: NEWS_TOPICS.breaking,
    payload: { articleId, publishedAt: publishedAt.toISOString() },
    dedupeKey: `news:${articleId}:breaking:${publishedAt.getTime()}`,
    dueAt: outsideQuietHours(due),
  };
}

/**
 * The version a user reads: their news language (the app language's while news follows the
 * app), else their app language's, else English, else the first.
 */
export function pushLanguage(
  recipient: Pick<BreakingRecipient, 'news_language' | 'language'> & Partial<Pick<BreakingRecipient, 'news_language_follows_app'>>,
  available: readonly NewsLanguage[],
): NewsLanguage {
  const reads = readerNewsLanguage(recipient.news_language_follows_app ?? false, recipient.news_language, recipient.language);
  const wanted = [reads, languageOf(recipient.language).slice(0, 2), 'en'];
  return (wanted.find((language) => available.includes(language as NewsLanguage)) as NewsLanguage | undefined) ?? (available[0] as NewsLanguage);
}

const appLanguageOf = (language: NewsLanguage): Language => LANGUAGES.find((l) => l.startsWith(language)) ?? 'en-US';

export interface NewsDeliveryDeps {
  dbRef: DbRef;
  notifications: NotificationsService;
}

/** Outbox handlers of the newsroom (wired by app-context.ts beside the SOS ones). */
export function createNewsDeliveryHandlers({ dbRef, notifications }: NewsDeliveryDeps): Record<string, OutboxHandler> {
  const breaking = createNewsBreakingRepository(dbRef);
  return {
    [NEWS_TOPICS.breaking]: async (payload, { now }) => {
      const articleId = Number(payload.articleId);
      const publishedAt = String(payload.publishedAt);
      if (!Number.isInteger(articleId) || Number.isNaN(Date.parse(publishedAt))) throw new PermanentJobError('bad news.breaking payload');
      const article = await breaking.article(articleId);
      // Not (or no longer) this publication: taken down, rescheduled, or no longer breaking.
      if (!article?.breaking || !isLive(article, now) || article.published_at?.toISOString() !== publishedAt) return;
      const allowedAt = outsideQuietHours(now);
      if (allowedAt.getTime() > now.getTime()) {
        await breaking.enqueue([
          {
            topic: NEWS_TOPICS.breaking,
            payload,
            dedupeKey: `news:${articleId}:breaking:${Date.parse(publishedAt)}:held:${allowedAt.getTime()}`,
            dueAt: allowedAt,
          },
        ]);
        return;
      }
      await breaking.claim(articleId, indiaDate(now), BREAKING_DAILY_CAP);
      const available = NEWS_LANGUAGES.filter((language) => article.titles[language] !== undefined);
      for (;;) {
        const recipients = await breaking.pending(articleId, CHUNK);
        if (recipients.length === 0) return;
        const items: NewNotification[] = recipients.map((recipient) => {
          const language = pushLanguage(recipient, available);
          return {
            userId: recipient.user_id,
            type: 'news.breaking',
            title: alertsT(appLanguageOf(language))('breakingNews.title'),
            body: article.titles[language] ?? '',
            data: { url: `/news/${article.slug}`, articleId, language },
            dedupeKey: `news.breaking:${articleId}`,
          };
        });
        await notifications.deliver(items);
        await breaking.markDelivered(
          articleId,
          recipients.map((r) => r.user_id),
          now,
        );
      }
    },
  };
}
