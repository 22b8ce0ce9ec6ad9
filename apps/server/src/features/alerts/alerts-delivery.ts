import { INDIA_OFFSET_MS, LOCAL_ALERT_LIMITS, NIGHT_ALERT_CATEGORIES, indiaDate, type Language, type LocalAlertCategory } from '@saathi/shared';
import type { Config } from '../../config';
import type { DbRef } from '../../core/db/db-ref';
import { languageOf } from '../../core/i18n';
import { PermanentJobError, type OutboxHandler, type OutboxMessage } from '../../core/outbox';
import { createNotificationsRepository, type NewNotification, type NotificationsService } from '../../core/notifications';
import { createAlertsDeliveryRepository, type PushedAlert, type Recipient } from './alerts-delivery.repository';
import { alertTexts, nearBand } from './alerts.texts';

export const ALERT_TOPICS = {
  /** Decides who an alert reaches (once per alert: written with its verification or corroboration). */
  fanout: 'alerts.fanout',
  /** Pushes (or, when held, lists) the alert to one chunk of its recipients. */
  deliver: 'alerts.deliver',
  /** The all-clear to everyone the alert was pushed to (written with its resolution). */
  allClear: 'alerts.all_clear',
  /** Ends an alert nobody resolved, 6 hours after its first report. */
  expire: 'alerts.expire',
} as const;

/** Recipients per delivery job: a cheap retry, one batched insert and push round each. */
export const DELIVERY_CHUNK = 500;

export const fanoutMessage = (alertId: number, now: Date): OutboxMessage => ({
  topic: ALERT_TOPICS.fanout,
  payload: { alertId },
  dedupeKey: `alerts:${alertId}:fanout`,
  dueAt: now,
});

export const expireMessage = (alertId: number, at: Date): OutboxMessage => ({
  topic: ALERT_TOPICS.expire,
  payload: { alertId },
  dedupeKey: `alerts:${alertId}:expire`,
  dueAt: at,
});

export const allClearMessage = (alertId: number, now: Date): OutboxMessage => ({
  topic: ALERT_TOPICS.allClear,
  payload: { alertId },
  dedupeKey: `alerts:${alertId}:all_clear`,
  dueAt: now,
});

/** The notification key of an alert (one per person) and of its all-clear. */
export const alertNotificationKey = (alertId: number) => `alerts:${alertId}`;
export const allClearNotificationKey = (alertId: number) => `alerts:${alertId}:all_clear`;

/** Whether `at` is in the night (22:00–07:00 India time), when only fire, flooding and building collapse are pushed. */
export function isQuietHour(at: Date): boolean {
  const hour = new Date(at.getTime() + INDIA_OFFSET_MS).getUTCHours();
  return hour >= LOCAL_ALERT_LIMITS.quietFromHour || hour < LOCAL_ALERT_LIMITS.quietUntilHour;
}

export const heldAtNight = (category: LocalAlertCategory, at: Date) => isQuietHour(at) && !NIGHT_ALERT_CATEGORIES.includes(category);

/** Delivery jobs for the rows just decided: the pushed ones and the held ones in separate chunks. */
export function deliveryMessages(alertId: number, rows: ReadonlyArray<{ user_id: number; pushed: boolean }>, now: Date): OutboxMessage[] {
  const messages: OutboxMessage[] = [];
  for (const push of [true, false]) {
    const ids = rows
      .filter((r) => r.pushed === push)
      .map((r) => r.user_id)
      .sort((a, b) => a - b);
    for (let i = 0; i < ids.length; i += DELIVERY_CHUNK) {
      const chunk = ids.slice(i, i + DELIVERY_CHUNK);
      messages.push({
        topic: ALERT_TOPICS.deliver,
        payload: { alertId, push, userIds: chunk },
        // Named by its first person: a second fan-out of the same alert finds only new people.
        dedupeKey: `alerts:${alertId}:deliver:${push ? 'push' : 'list'}:${chunk[0]}`,
        dueAt: now,
      });
    }
  }
  return messages;
}

export interface AlertsDeliveryDeps {
  dbRef: DbRef;
  notifications: NotificationsService;
  config: Pick<Config, 'alerts'>;
}

const alertUrl = (alertId: number) => `/alerts/${alertId}`;

/**
 * The outbox handlers of local alerts (wired by app-context.ts beside the SOS ones). Every
 * notification is a row in the person's list; a push goes with it only when the delivery was
 * decided as pushed (under the daily cap, outside the night) and the alert is still active.
 */
export function createAlertsDeliveryHandlers({ dbRef, notifications, config }: AlertsDeliveryDeps): Record<string, OutboxHandler> {
  const deliveries = createAlertsDeliveryRepository(dbRef);
  const rows = createNotificationsRepository(dbRef);

  /** An alert's texts differ only by language and distance band: rendered once per pair, not once per person. */
  const textsOf = (a: PushedAlert) => {
    const rendered = new Map<string, { title: string; body: string }>();
    return (language: Language, distanceM: number) => {
      const key = `${language}:${nearBand(distanceM)}`;
      let texts = rendered.get(key);
      if (!texts) {
        texts = alertTexts.alert(language, a, distanceM);
        rendered.set(key, texts);
      }
      return texts;
    };
  };

  const alertNotification = (a: PushedAlert, texts: ReturnType<typeof textsOf>, r: Recipient, pushed: boolean): NewNotification => {
    const language = languageOf(r.language);
    return {
      userId: r.userId,
      type: 'alerts.local',
      ...texts(language, r.distanceM),
      data: { url: alertUrl(a.id), alertId: a.id, category: a.category, pushed, actionTitle: alertTexts.open(language) },
      dedupeKey: alertNotificationKey(a.id),
    };
  };

  const alertIdOf = (payload: Record<string, unknown>) => {
    const alertId = Number(payload.alertId);
    if (!Number.isInteger(alertId) || alertId <= 0) throw new PermanentJobError('bad alert job payload');
    return alertId;
  };

  return {
    [ALERT_TOPICS.fanout]: async (payload, { now }) => {
      const a = await deliveries.alert(alertIdOf(payload), now);
      // Resolved or expired before it went out: nobody needs it any more.
      if (!a?.active) return;
      await deliveries.decide(a, { indiaDay: indiaDate(now), quiet: heldAtNight(a.category, now), radiusM: config.alerts.radiiM[a.category], now }, (decided) =>
        deliveryMessages(a.id, decided, now),
      );
    },

    [ALERT_TOPICS.deliver]: async (payload, { now }) => {
      const alertId = alertIdOf(payload);
      const userIds = Array.isArray(payload.userIds) ? payload.userIds.map(Number).filter(Number.isInteger) : [];
      const a = await deliveries.alert(alertId, now);
      if (!a || userIds.length === 0) return;
      if (payload.push === true) {
        const recipients = await deliveries.claimPushes(alertId, userIds, now, alertNotificationKey(alertId));
        if (recipients.length === 0) return;
        const texts = textsOf(a);
        await notifications.deliver(recipients.map((r) => alertNotification(a, texts, r, true)));
        return;
      }
      // Held (daily cap or night): the list shows it, nothing rings. An alert that already ended is left out.
      if (!a.active) return;
      const held = await deliveries.held(alertId, userIds);
      const texts = textsOf(a);
      await rows.insertMany(
        held.map((r) => alertNotification(a, texts, r, false)),
        now,
      );
    },

    [ALERT_TOPICS.allClear]: async (payload, { now }) => {
      const alertId = alertIdOf(payload);
      const a = await deliveries.alert(alertId, now);
      if (!a) return;
      // The all-clear keeps the alert's night rule: a road accident resolved at 23:00 is in the list by morning, unrung.
      const quiet = heldAtNight(a.category, now);
      for (let after = 0; ;) {
        const recipients = await deliveries.pushedTo(alertId, after, DELIVERY_CHUNK);
        if (recipients.length === 0) return;
        const items: NewNotification[] = recipients.map((r) => {
          const language = languageOf(r.language);
          return {
            userId: r.userId,
            type: 'alerts.all_clear',
            ...alertTexts.allClear(language, a),
            data: { url: alertUrl(a.id), alertId: a.id, category: a.category, pushed: !quiet },
            dedupeKey: allClearNotificationKey(a.id),
          };
        });
        if (quiet) await rows.insertMany(items, now);
        else await notifications.deliver(items);
        after = recipients.at(-1)?.userId ?? after;
      }
    },

    [ALERT_TOPICS.expire]: async (payload, { now }) => {
      await deliveries.expire(alertIdOf(payload), now);
    },
  };
}
