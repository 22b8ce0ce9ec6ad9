import { JOURNEY_LIMITS, type JourneyPoint } from '@saathi/shared';

/** Points waiting to go out at most: two hours of one per 10 s. Older ones give way to newer ones. */
export const MAX_QUEUED_POINTS = 720;

/**
 * The points of a journey the phone has not sent yet. At most one is kept per 10 s (the server
 * keeps no more); they wait here while the network is down or a call failed, and go out oldest
 * first, 120 to a call.
 */
export class TrackQueue {
  private points: JourneyPoint[] = [];
  private lastKeptAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly maxQueued = MAX_QUEUED_POINTS) {}

  /** Keeps `point` unless one was kept less than 10 s before it; says whether it did. */
  add(point: JourneyPoint): boolean {
    const at = Date.parse(point.at);
    if (at - this.lastKeptAt < JOURNEY_LIMITS.keepEverySeconds * 1000) return false;
    this.lastKeptAt = at;
    this.points.push(point);
    if (this.points.length > this.maxQueued) this.points.splice(0, this.points.length - this.maxQueued);
    return true;
  }

  get size(): number {
    return this.points.length;
  }

  /** The oldest points, as many as one call takes. */
  batch(): JourneyPoint[] {
    return this.points.slice(0, JOURNEY_LIMITS.pointsPerBatch);
  }

  /** Forgets the points of a batch the server took (newer ones may have come meanwhile). */
  sent(batch: readonly JourneyPoint[]): void {
    const sent = new Set(batch);
    this.points = this.points.filter((point) => !sent.has(point));
  }
}
