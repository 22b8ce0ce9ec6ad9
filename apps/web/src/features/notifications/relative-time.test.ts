import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import notifications from '../../i18n/locales/en-US/notifications.json';
import { notificationTimeText } from './relative-time';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en-US', resources: { 'en-US': { notifications } }, interpolation: { escapeValue: false } });

describe('notification times', () => {
  const now = Date.parse('2026-01-10T12:00:00Z');
  it.each([
    ['2026-01-10T11:59:30Z', 'Just now'],
    ['2026-01-10T11:58:00Z', '2 minutes ago'],
    ['2026-01-10T09:00:00Z', '3 hours ago'],
    ['2026-01-04T12:00:00Z', '6 days ago'],
    ['2026-01-01T12:00:00Z', 'Jan 1, 2026'],
  ])('%s', (iso, expected) => {
    expect(notificationTimeText(i18n.getFixedT('en-US', 'notifications'), iso, now, 'en-US')).toBe(expected);
  });
});
