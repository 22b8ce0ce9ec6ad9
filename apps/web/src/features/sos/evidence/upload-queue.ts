import type { EvidenceKind } from '@saathi/shared';
import { isApiError } from '../../../lib/api-client';

export interface EvidenceChunkItem {
  sequence: number;
  kind: EvidenceKind;
  blob: Blob;
}

export interface UploadStats {
  uploaded: number;
  pending: number;
  bytesUploaded: number;
  /** True after the server refused for good (event gone, not the owner): nothing more is sent. */
  stopped: boolean;
}

export type ChunkUploader = (item: EvidenceChunkItem) => Promise<void>;

const DEFAULT_RETRY_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000];

/** The server already has this chunk (a retry after a lost response): count it as sent; but
 * 409 `sos_closed_for_evidence` (`sos_ended` from servers before it) means the event ended
 * too long ago to take more. */
const ALREADY_STORED = 409;
const CLOSED_FOR_EVIDENCE = new Set(['sos_closed_for_evidence', 'sos_ended']);
/** Refusals that no retry can fix. */
const FINAL_REFUSALS = new Set([400, 401, 403, 404, 410, 413]);

/**
 * Sends evidence chunks one at a time, in order, as they are recorded. Network failures and
 * server errors are retried with backoff, forever, so what was recorded before a phone is lost
 * or goes offline reaches the server as soon as it can.
 */
export class ChunkUploadQueue {
  private readonly items: EvidenceChunkItem[] = [];
  private running = false;
  private attempt = 0;
  private stats: UploadStats = { uploaded: 0, pending: 0, bytesUploaded: 0, stopped: false };
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly upload: ChunkUploader,
    private readonly options: {
      onChange?: (stats: UploadStats) => void;
      retryDelaysMs?: readonly number[];
      sleep?: (ms: number) => Promise<void>;
    } = {},
  ) {}

  get snapshot(): UploadStats {
    return { ...this.stats };
  }

  push(item: EvidenceChunkItem): void {
    if (this.stats.stopped || item.blob.size === 0) return;
    this.items.push(item);
    this.update({ pending: this.items.length });
    void this.run();
  }

  /** Resolves when every queued chunk is sent (or the queue stopped). */
  whenIdle(): Promise<void> {
    if (!this.running && this.items.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private update(change: Partial<UploadStats>): void {
    this.stats = { ...this.stats, ...change };
    this.options.onChange?.(this.snapshot);
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const sleep = this.options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    const delays = this.options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    while (this.items.length > 0 && !this.stats.stopped) {
      const item = this.items[0] as EvidenceChunkItem;
      try {
        await this.upload(item);
        this.sent(item);
      } catch (error) {
        if (isApiError(error) && error.status === ALREADY_STORED && !CLOSED_FOR_EVIDENCE.has(error.code)) {
          this.sent(item);
        } else if (isApiError(error) && (FINAL_REFUSALS.has(error.status) || error.status === ALREADY_STORED)) {
          this.items.length = 0;
          this.update({ pending: 0, stopped: true });
        } else {
          const delay = delays[Math.min(this.attempt, delays.length - 1)] ?? 30_000;
          this.attempt += 1;
          await sleep(delay);
        }
      }
    }
    this.running = false;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private sent(item: EvidenceChunkItem): void {
    this.items.shift();
    this.attempt = 0;
    this.update({ uploaded: this.stats.uploaded + 1, bytesUploaded: this.stats.bytesUploaded + item.blob.size, pending: this.items.length });
  }
}
