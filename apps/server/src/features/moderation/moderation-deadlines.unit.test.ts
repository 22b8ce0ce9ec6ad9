import { describe, expect, it } from 'vitest';
import { indiaWallClock, queueDeadlines } from './moderation-deadlines';

const reported = new Date('2025-03-10T20:00:00Z');

describe('IT Rules 2021 deadlines in India time', () => {
  it('a report at 20:00 UTC is 01:30 IST the next day; acknowledge by 24 h later, resolve within 15 days', () => {
    const d = queueDeadlines({ reportedAt: reported, unacknowledgedAt: reported }, false, new Date('2025-03-11T19:59:00Z'));
    expect(d.acknowledgeBy).toBe('2025-03-12 01:30:00');
    expect(d.resolveBy).toBe('2025-03-26 01:30:00');
    expect(d.acknowledgeOverdue).toBe(false);
    expect(d.ageHours).toBe(23);
  });

  it('an intimate image must come down within 24 hours; past it the item is overdue', () => {
    const d = queueDeadlines({ reportedAt: reported, unacknowledgedAt: reported }, true, new Date('2025-03-11T20:00:01Z'));
    expect(d.resolveBy).toBe('2025-03-12 01:30:00');
    expect(d.resolveOverdue).toBe(true);
    expect(d.acknowledgeOverdue).toBe(true);
  });

  it('an acknowledged item is not overdue for acknowledgement, while the 15 days keep running', () => {
    const d = queueDeadlines({ reportedAt: reported, unacknowledgedAt: null }, false, new Date('2025-03-30T00:00:00Z'));
    expect(d.acknowledgeOverdue).toBe(false);
    expect(d.resolveOverdue).toBe(true);
  });

  it('a report that came after the acknowledgement starts its own 24 hours', () => {
    const later = new Date('2025-03-12T06:00:00Z');
    const d = queueDeadlines({ reportedAt: reported, unacknowledgedAt: later }, false, new Date('2025-03-13T05:00:00Z'));
    expect(d.acknowledgeBy).toBe('2025-03-13 11:30:00');
    expect(d.acknowledgeOverdue).toBe(false);
    expect(queueDeadlines({ reportedAt: reported, unacknowledgedAt: later }, false, new Date('2025-03-13T06:00:01Z')).acknowledgeOverdue).toBe(true);
  });

  it('writes India wall-clock text', () => {
    expect(indiaWallClock(new Date('2025-01-31T18:30:00Z'))).toBe('2025-02-01 00:00:00');
  });
});
