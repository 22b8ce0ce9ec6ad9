import { describe, expect, it } from 'vitest';
import { formatDistance } from './distance-text';
import { linksClickable, splitLinks } from './links';
import { countWords, needsReadMore, previewText } from './read-more';
import { parseIndiaDateTime } from './india-time';
import { ageOf, cardRelativeTime, reelRelativeTime } from './relative-time';
import { extractVideoId } from './video-id';

const now = new Date('2026-11-21T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('cardRelativeTime', () => {
  it('follows SPEC §9 for community cards', () => {
    expect(cardRelativeTime(ago(59 * S), now)).toEqual({ unit: 'justNow' });
    expect(cardRelativeTime(ago(60 * S), now)).toEqual({ unit: 'minutes', count: 1 });
    expect(cardRelativeTime(ago(59 * M), now)).toEqual({ unit: 'minutes', count: 59 });
    expect(cardRelativeTime(ago(5 * H), now)).toEqual({ unit: 'hours', count: 5 });
    expect(cardRelativeTime(ago(6 * D + H), now)).toEqual({ unit: 'days', count: 6 });
    expect(cardRelativeTime(ago(7 * D), now)).toEqual({ unit: 'date', date: ago(7 * D) });
  });
  it('reads a moment from a clock running ahead as just now', () => {
    expect(cardRelativeTime(ago(-5 * M), now)).toEqual({ unit: 'justNow' });
  });
});

describe('ageOf', () => {
  it('gives the age in minutes, hours or days, never zero hours', () => {
    expect(ageOf(ago(0), now)).toEqual({ unit: 'justNow' });
    expect(ageOf(ago(59 * S), now)).toEqual({ unit: 'justNow' });
    expect(ageOf(ago(60 * S), now)).toEqual({ unit: 'minutes', count: 1 });
    expect(ageOf(ago(59 * M + 59 * S), now)).toEqual({ unit: 'minutes', count: 59 });
    expect(ageOf(ago(60 * M), now)).toEqual({ unit: 'hours', count: 1 });
    expect(ageOf(ago(23 * H + 59 * M), now)).toEqual({ unit: 'hours', count: 23 });
    expect(ageOf(ago(24 * H), now)).toEqual({ unit: 'days', count: 1 });
    expect(ageOf(ago(40 * D), now)).toEqual({ unit: 'days', count: 40 });
  });
  it('reads a report time from a clock running ahead as just now', () => {
    expect(ageOf(ago(-3 * H), now)).toEqual({ unit: 'justNow' });
    expect(ageOf(new Date(Number.NaN), now)).toEqual({ unit: 'justNow' });
  });
});

describe('reelRelativeTime', () => {
  it('follows SPEC §9: just now under 30 s, then seconds, minutes, hours, days, weeks, months, years', () => {
    expect(reelRelativeTime(ago(0), now)).toEqual({ unit: 'justNow' });
    expect(reelRelativeTime(ago(29 * S), now)).toEqual({ unit: 'justNow' });
    expect(reelRelativeTime(ago(30 * S), now)).toEqual({ unit: 'seconds', count: 30 });
    expect(reelRelativeTime(ago(59 * S), now)).toEqual({ unit: 'seconds', count: 59 });
    expect(reelRelativeTime(ago(60 * S), now)).toEqual({ unit: 'minutes', count: 1 });
    expect(reelRelativeTime(ago(3 * M), now)).toEqual({ unit: 'minutes', count: 3 });
    expect(reelRelativeTime(ago(59 * M), now)).toEqual({ unit: 'minutes', count: 59 });
    expect(reelRelativeTime(ago(60 * M), now)).toEqual({ unit: 'hours', count: 1 });
    expect(reelRelativeTime(ago(-10 * M), now)).toEqual({ unit: 'justNow' });
    expect(reelRelativeTime(ago(2 * H), now)).toEqual({ unit: 'hours', count: 2 });
    expect(reelRelativeTime(ago(3 * D), now)).toEqual({ unit: 'days', count: 3 });
    expect(reelRelativeTime(ago(15 * D), now)).toEqual({ unit: 'weeks', count: 2 });
    expect(reelRelativeTime(ago(70 * D), now)).toEqual({ unit: 'months', count: 2 });
    expect(reelRelativeTime(ago(800 * D), now)).toEqual({ unit: 'years', count: 2 });
  });
  it('shows a date in the likes list after 7 days', () => {
    expect(reelRelativeTime(ago(8 * D), now, { dateAfterDays: 7 })).toEqual({ unit: 'date', date: ago(8 * D) });
    expect(reelRelativeTime(ago(6 * D), now, { dateAfterDays: 7 })).toEqual({ unit: 'days', count: 6 });
  });
  it('parses the India-time createdAt of posts', () => {
    expect(parseIndiaDateTime('2026-11-21 17:30:00')?.toISOString()).toBe('2026-11-21T12:00:00.000Z');
    expect(parseIndiaDateTime('2026-11-21T17:30:00')).toBeUndefined();
  });
});

describe('formatDistance', () => {
  it('uses whole metres under 1 km, else km to at most one decimal', () => {
    expect(formatDistance(456.7, 'en-US')).toBe('457 m');
    expect(formatDistance(999, 'en-US')).toBe('999 m');
    expect(formatDistance(999.6, 'en-US')).toBe('1 km');
    expect(formatDistance(1000, 'en-US')).toBe('1 km');
    expect(formatDistance(2450, 'en-US')).toBe('2.5 km');
    expect(formatDistance(12_345, 'en-US')).toBe('12.3 km');
    expect(formatDistance(-3, 'en-US')).toBe('0 m');
  });

  it('words the units in the reader language, short or long', () => {
    expect(formatDistance(500, 'hi-IN')).toBe('500 मी');
    expect(formatDistance(500, 'hi-IN', 'long')).toBe('500 मीटर');
    expect(formatDistance(1200, 'hi-IN')).toBe('1.2 किमी');
    expect(formatDistance(500, 'gu-IN')).toBe('500 મી');
    expect(formatDistance(500, 'gu-IN', 'long')).toBe('500 મીટર');
    expect(formatDistance(3000, 'gu-IN', 'long')).toBe('3 કિમી');
    expect(formatDistance(500, 'en-US', 'long')).toBe('500 m');
    expect(formatDistance(500, 'fr')).toBe('500 m');
  });

  it('formats digits as the locale does', () => {
    expect(formatDistance(1_234_500, 'en-US')).toBe('1,234.5 km');
    expect(formatDistance(1_234_500, 'hi-IN')).toBe(`${new Intl.NumberFormat('hi-IN', { maximumFractionDigits: 1 }).format(1234.5)} किमी`);
  });
});

describe('read more', () => {
  it('is offered above 10 words and previews 15', () => {
    expect(countWords('  ')).toBe(0);
    expect(countWords('नमस्ते  दुनिया\nhello')).toBe(3);
    expect(needsReadMore('one two three four five six seven eight nine ten')).toBe(false);
    expect(needsReadMore('one two three four five six seven eight nine ten eleven')).toBe(true);
    const long = Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ');
    expect(previewText(long)).toBe(`${Array.from({ length: 15 }, (_, i) => `w${i}`).join(' ')}…`);
    expect(previewText('short text')).toBe('short text');
  });
});

describe('extractVideoId', () => {
  it('accepts bare ids and watch, short and embed links', () => {
    expect(extractVideoId('dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(extractVideoId('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10')).toBe('dQw4w9WgXcQ');
    expect(extractVideoId('https://youtu.be/dQw4w9WgXcQ?si=x')).toBe('dQw4w9WgXcQ');
    expect(extractVideoId('youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(extractVideoId('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
  });
  it('rejects other text and hosts', () => {
    expect(extractVideoId('dQw4w9WgXc')).toBeUndefined();
    expect(extractVideoId('https://example.com/watch?v=dQw4w9WgXcQ')).toBeUndefined();
    expect(extractVideoId('not a link at all')).toBeUndefined();
  });
});

describe('links', () => {
  it('makes links clickable unless priority is low or missing', () => {
    expect(linksClickable('regular')).toBe(true);
    expect(linksClickable('low')).toBe(false);
    expect(linksClickable(undefined)).toBe(false);
    expect(splitLinks('see https://a.in/x.', 'low')).toEqual([{ type: 'text', text: 'see https://a.in/x.' }]);
  });
  it('splits text into parts and drops trailing punctuation', () => {
    expect(splitLinks('Visit www.saathi.in, or https://a.in/x?y=1.', 'high')).toEqual([
      { type: 'text', text: 'Visit ' },
      { type: 'link', text: 'www.saathi.in', href: 'https://www.saathi.in' },
      { type: 'text', text: ', or ' },
      { type: 'link', text: 'https://a.in/x?y=1', href: 'https://a.in/x?y=1' },
      { type: 'text', text: '.' },
    ]);
  });
});
