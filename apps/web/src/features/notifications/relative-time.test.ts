import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import notifications from '../../i18n/locales/en-US/notifications.json';
import guNotifications from '../../i18n/locales/gu-IN/notifications.json';
import hiNotifications from '../../i18n/locales/hi-IN/notifications.json';
import { notificationTimeText } from './relative-time';

const i18n = i18next.createInstance();
await i18n.init({
  lng: 'en-US',
  resources: { 'en-US': { notifications }, 'hi-IN': { notifications: hiNotifications }, 'gu-IN': { notifications: guNotifications } },
  interpolation: { escapeValue: false },
});

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

/**
 * At the edges, in each language, as app/relative-times.test.ts checks the app's other relative
 * times: under a minute is "just now" in words, 60 s is one minute, 59 min is still minutes,
 * 60 min is one hour, and a moment from a clock running ahead is "just now".
 */
const now = new Date('2026-03-10T12:00:00Z');
const S = 1000;
const M = 60 * S;
/** An instant `ms` before now, as ISO (a negative `ms` is in the future). */
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
/** Compares without case: English writes "Just now" on cards and "just now" on reels. */
const same = (actual: string, expected: string) => expect(actual.toLowerCase()).toBe(expected.toLowerCase());

describe.each([
  ['en-US', { justNow: 'just now', minute: '1 minute ago', minutes59: '59 minutes ago', hour: '1 hour ago' }],
  ['hi-IN', { justNow: 'अभी-अभी', minute: '1 मिनट पहले', minutes59: '59 मिनट पहले', hour: '1 घंटा पहले' }],
  ['gu-IN', { justNow: 'હમણાં જ', minute: '1 મિનિટ પહેલાં', minutes59: '59 મિનિટ પહેલાં', hour: '1 કલાક પહેલાં' }],
] as const)('relative times in %s', (language, e) => {
  it('notifications', () => {
    const format = (iso: string) => notificationTimeText(i18n.getFixedT(language, 'notifications'), iso, now.getTime(), language);
    same(format(ago(59 * S)), e.justNow);
    same(format(ago(60 * S)), e.minute);
    same(format(ago(59 * M)), e.minutes59);
    same(format(ago(60 * M)), e.hour);
    same(format(ago(-90 * S)), e.justNow);
  });
});
