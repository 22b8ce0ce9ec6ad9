import { describe, expect, it } from 'vitest';
import { indiaDate, nextIndiaMidnight, parseIndiaDateTime, startOfIndiaDay } from './india-time';

/** 26 Nov 2026 00:00 IST is 25 Nov 18:30 UTC; 27 Nov 00:00 IST is 26 Nov 18:30 UTC. */
const indiaMidnight = new Date('2026-11-25T18:30:00.000Z');
const justBefore = new Date('2026-11-25T18:29:59.999Z'); // 25 Nov 23:59:59.999 IST
const utcMidnight = new Date('2026-11-26T00:00:00.000Z'); // 26 Nov 05:30 IST
const lateIndiaEvening = new Date('2026-11-26T18:29:00.000Z'); // 26 Nov 23:59 IST

describe('indiaDate', () => {
  it('turns at midnight IST, not at midnight UTC', () => {
    expect(indiaDate(justBefore)).toBe('2026-11-25');
    expect(indiaDate(indiaMidnight)).toBe('2026-11-26');
    expect(indiaDate(utcMidnight)).toBe('2026-11-26');
    expect(indiaDate(new Date('2026-11-25T23:59:59.999Z'))).toBe('2026-11-26');
    expect(indiaDate(lateIndiaEvening)).toBe('2026-11-26');
  });

  it('crosses months and years', () => {
    expect(indiaDate(new Date('2026-12-31T18:30:00Z'))).toBe('2027-01-01');
    expect(indiaDate(new Date('2027-02-28T18:29:59Z'))).toBe('2027-02-28');
  });
});

describe('startOfIndiaDay and nextIndiaMidnight', () => {
  it('bound the India day holding the instant', () => {
    for (const at of [indiaMidnight, utcMidnight, lateIndiaEvening]) {
      expect(startOfIndiaDay(at).toISOString()).toBe('2026-11-25T18:30:00.000Z');
      expect(nextIndiaMidnight(at).toISOString()).toBe('2026-11-26T18:30:00.000Z');
    }
    expect(startOfIndiaDay(justBefore).toISOString()).toBe('2026-11-24T18:30:00.000Z');
    expect(nextIndiaMidnight(justBefore).toISOString()).toBe('2026-11-25T18:30:00.000Z');
  });

  it('agree with indiaDate', () => {
    const at = new Date('2026-03-09T21:15:00Z');
    expect(indiaDate(startOfIndiaDay(at))).toBe(indiaDate(at));
    expect(indiaDate(new Date(nextIndiaMidnight(at).getTime() - 1))).toBe(indiaDate(at));
  });
});

describe('parseIndiaDateTime', () => {
  it('reads India wall-clock text as the instant', () => {
    expect(parseIndiaDateTime('2026-11-26 00:00:00')?.toISOString()).toBe('2026-11-25T18:30:00.000Z');
    expect(parseIndiaDateTime('2026-11-26 05:30:00')?.toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(parseIndiaDateTime('2026-11-26T05:30:00Z')).toBeUndefined();
  });
});
