import type { SosLocationBody } from '@saathi/shared';

/** Live location is sent at most this often (DESIGN.md §5: "streams the device location"). */
export const LOCATION_INTERVAL_MS = 5000;

/**
 * Throttles a stream of device fixes to one request per interval, always sending the newest
 * fix: a burst of GPS updates becomes one request, and the last fix of a burst is never lost.
 */
export class LocationSender {
  private latest: SosLocationBody | null = null;
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private inFlight = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(
    private readonly send: (body: SosLocationBody) => Promise<unknown>,
    private readonly onSent: (body: SosLocationBody, at: number) => void = () => undefined,
    private readonly intervalMs = LOCATION_INTERVAL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  offer(body: SosLocationBody): void {
    if (this.closed) return;
    this.latest = body;
    this.flush();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private flush(): void {
    if (this.inFlight || this.timer || !this.latest || this.closed) return;
    const wait = this.lastSentAt + this.intervalMs - this.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.flush();
      }, wait);
      return;
    }
    const body = this.latest;
    this.latest = null;
    this.inFlight = true;
    this.lastSentAt = this.now();
    this.send(body).then(
      () => {
        this.inFlight = false;
        this.onSent(body, this.now());
        this.flush();
      },
      () => {
        // Keep the fix for the next turn unless a newer one arrived meanwhile.
        this.inFlight = false;
        this.latest ??= body;
        this.flush();
      },
    );
  }
}

export function toLocationBody(position: GeolocationPosition): SosLocationBody {
  const { latitude, longitude, accuracy, heading, speed } = position.coords;
  return {
    latitude,
    longitude,
    ...(Number.isFinite(accuracy) ? { accuracy: Math.min(accuracy, 100_000) } : {}),
    ...(heading != null && Number.isFinite(heading) && heading >= 0 && heading < 360 ? { heading } : {}),
    ...(speed != null && Number.isFinite(speed) && speed >= 0 ? { speed: Math.min(speed, 1000) } : {}),
  };
}
