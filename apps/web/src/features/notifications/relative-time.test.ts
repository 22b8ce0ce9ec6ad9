import { describe, expect, it } from 'vitest';
import { relativeTimeParts } from './relative-time';

describe('notification times', () => {
  const now = Date.parse('2026-01-10T12:00:00Z');
  it.each([
    ['2026-01-10T11:59:30Z', { unit: 'now', value: 0 }],
    ['2026-01-10T11:58:00Z', { unit: 'minutes', value: 2 }],
    ['2026-01-10T09:00:00Z', { unit: 'hours', value: 3 }],
    ['2026-01-04T12:00:00Z', { unit: 'days', value: 6 }],
    ['2026-01-01T12:00:00Z', { unit: 'date', value: 9 }],
  ])('%s', (iso, expected) => {
    expect(relativeTimeParts(iso, now)).toEqual(expected);
  });
});
