import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ageText as alertAgeText } from '../features/alerts';
import { likeTimeText, relativeTimeText } from '../features/community';
import { demoPostTime } from '../features/demo-feed';
import { ageText as reportAgeText } from '../features/moderation';
import { reelTimeText } from '../features/reels';
import enCommunity from '../i18n/locales/en-US/community.json';
import enCreate from '../i18n/locales/en-US/community-create.json';
import enAlerts from '../i18n/locales/en-US/local-alerts.json';
import enModeration from '../i18n/locales/en-US/moderation.json';
import enReels from '../i18n/locales/en-US/reels.json';
import guCommunity from '../i18n/locales/gu-IN/community.json';
import guCreate from '../i18n/locales/gu-IN/community-create.json';
import guAlerts from '../i18n/locales/gu-IN/local-alerts.json';
import guModeration from '../i18n/locales/gu-IN/moderation.json';
import guReels from '../i18n/locales/gu-IN/reels.json';
import hiCommunity from '../i18n/locales/hi-IN/community.json';
import hiCreate from '../i18n/locales/hi-IN/community-create.json';
import hiAlerts from '../i18n/locales/hi-IN/local-alerts.json';
import hiModeration from '../i18n/locales/hi-IN/moderation.json';
import hiReels from '../i18n/locales/hi-IN/reels.json';

/**
 * Every relative-time formatter of the app, in each language, at the edges: under a minute is
 * "just now" in words (never "0 minutes" or "0 hours"), 60 s is one minute, 59 min is still
 * minutes, 60 min is one hour, and a moment from a clock running ahead is "just now". The
 * notifications' formatter is checked the same way in features/notifications/relative-time.test.ts.
 */
const i18n = i18next.createInstance();
await i18n.init({
  lng: 'en-US',
  resources: {
    'en-US': {
      community: enCommunity,
      'community-create': enCreate,
      'local-alerts': enAlerts,
      moderation: enModeration,
      reels: enReels,
    },
    'hi-IN': {
      community: hiCommunity,
      'community-create': hiCreate,
      'local-alerts': hiAlerts,
      moderation: hiModeration,
      reels: hiReels,
    },
    'gu-IN': {
      community: guCommunity,
      'community-create': guCreate,
      'local-alerts': guAlerts,
      moderation: guModeration,
      reels: guReels,
    },
  },
  interpolation: { escapeValue: false },
});

const now = new Date('2026-03-10T12:00:00Z');
const S = 1000;
const M = 60 * S;
/** An instant `ms` before now, as ISO (a negative `ms` is in the future). */
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
/** The same instant as a post's India wall-clock text, 'YYYY-MM-DD HH:mm:ss'. */
const indiaAgo = (ms: number) => new Date(now.getTime() - ms + 5.5 * 3600 * S).toISOString().slice(0, 19).replace('T', ' ');

interface Expected {
  justNow: string;
  /** 1 minute, 59 minutes and 1 hour in the community's wording. */
  minute: string;
  minutes59: string;
  hour: string;
  /** Local alerts are short in English: "59 min ago". */
  alertMinutes59: string;
  seconds45: string;
  seconds59: string;
  reportJustNow: string;
  reportMinute: string;
  reportMinutes59: string;
  reportHour: string;
  reportDays: string;
}

const EXPECTED: Record<'en-US' | 'hi-IN' | 'gu-IN', Expected> = {
  'en-US': {
    justNow: 'just now',
    seconds45: '45 seconds ago',
    seconds59: '59 seconds ago',
    minute: '1 minute ago',
    minutes59: '59 minutes ago',
    hour: '1 hour ago',
    alertMinutes59: '59 min ago',
    reportJustNow: 'Reported just now',
    reportMinute: '1 minute old',
    reportMinutes59: '59 minutes old',
    reportHour: '1 hour old',
    reportDays: '2 days old',
  },
  'hi-IN': {
    justNow: 'अभी-अभी',
    seconds45: '45 सेकंड पहले',
    seconds59: '59 सेकंड पहले',
    minute: '1 मिनट पहले',
    minutes59: '59 मिनट पहले',
    hour: '1 घंटा पहले',
    alertMinutes59: '59 मिनट पहले',
    reportJustNow: 'अभी-अभी रिपोर्ट हुई',
    reportMinute: '1 मिनट पुरानी',
    reportMinutes59: '59 मिनट पुरानी',
    reportHour: '1 घंटा पुरानी',
    reportDays: '2 दिन पुरानी',
  },
  'gu-IN': {
    justNow: 'હમણાં જ',
    seconds45: '45 સેકન્ડ પહેલાં',
    seconds59: '59 સેકન્ડ પહેલાં',
    minute: '1 મિનિટ પહેલાં',
    minutes59: '59 મિનિટ પહેલાં',
    hour: '1 કલાક પહેલાં',
    alertMinutes59: '59 મિનિટ પહેલાં',
    reportJustNow: 'હમણાં જ રિપોર્ટ થઈ',
    reportMinute: '1 મિનિટ જૂની',
    reportMinutes59: '59 મિનિટ જૂની',
    reportHour: '1 કલાક જૂની',
    reportDays: '2 દિવસ જૂની',
  },
};

/** Compares without case: English writes "Just now" on cards and "just now" on reels. */
const same = (actual: string, expected: string) => expect(actual.toLowerCase()).toBe(expected.toLowerCase());

describe.each(Object.entries(EXPECTED))('relative times in %s', (language, e) => {
  const t: TFunction = i18n.getFixedT(language);
  const ns = <N extends string>(namespace: N): TFunction<N> => i18n.getFixedT(language, namespace);

  it('community cards and likes', () => {
    const card = (iso: string) => relativeTimeText(t, iso, now, language);
    same(card(indiaAgo(59 * S)), e.justNow);
    // Likes and reels (SPEC.md §9): seconds in words from 30 s.
    const like = (iso: string) => likeTimeText(t, iso, now, language);
    same(like(indiaAgo(29 * S)), e.justNow);
    same(like(indiaAgo(45 * S)), e.seconds45);
    for (const format of [card, like]) {
      same(format(indiaAgo(0)), e.justNow);
      same(format(indiaAgo(60 * S)), e.minute);
      same(format(indiaAgo(59 * M)), e.minutes59);
      same(format(indiaAgo(60 * M)), e.hour);
      same(format(indiaAgo(-7 * M)), e.justNow);
    }
  });

  it('reel comments', () => {
    const format = (iso: string) => reelTimeText(ns('reels'), iso, now, language);
    same(format(ago(29 * S)), e.justNow);
    same(format(ago(59 * S)), e.seconds59);
    same(format(ago(60 * S)), e.minute);
    same(format(ago(59 * M)), e.minutes59);
    same(format(ago(60 * M)), e.hour);
    same(format(ago(-2 * M)), e.justNow);
  });

  it('local alerts and the demo feed (ages in minutes)', () => {
    const alerts = ns('local-alerts');
    same(alertAgeText(alerts, 0), e.justNow);
    same(alertAgeText(alerts, -3), e.justNow);
    same(alertAgeText(alerts, 59), e.alertMinutes59);
    same(alertAgeText(alerts, 60), e.hour);
    const demo = ns('community-create');
    same(demoPostTime(demo, 0), e.justNow);
    same(demoPostTime(demo, 1), e.minute);
    same(demoPostTime(demo, 59), e.minutes59);
    same(demoPostTime(demo, 60), e.hour);
  });

  it('the moderation desk says how old a report is in minutes, hours or days', () => {
    const format = (iso: string) => reportAgeText(ns('moderation'), iso, now);
    expect(format(ago(0))).toBe(e.reportJustNow);
    expect(format(ago(59 * S))).toBe(e.reportJustNow);
    expect(format(ago(60 * S))).toBe(e.reportMinute);
    expect(format(ago(59 * M))).toBe(e.reportMinutes59);
    expect(format(ago(60 * M))).toBe(e.reportHour);
    expect(format(ago(49 * 60 * M))).toBe(e.reportDays);
    expect(format(ago(-10 * M))).toBe(e.reportJustNow);
  });
});
