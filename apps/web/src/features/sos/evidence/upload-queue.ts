import type { EvidenceHeld, EvidenceKind } from '@saathi/shared';
import { isApiError } from '../../../lib/api-client';

/** One recorder start: its chunks share it, so moving the recording to another number moves them all. */
export interface RecordingSlot {
  /** The recorder start (a random id), which stays when the number moves. */
  recorder: string;
  number: number;
}

export interface EvidenceChunkItem {
  recording: RecordingSlot;
  sequence: number;
  kind: EvidenceKind;
  blob: Blob;
}

export interface UploadStats {
  /** Chunks this queue got the server to hold (new or, after a lost answer, already there). */
  uploaded: number;
  pending: number;
  bytesUploaded: number;
  /** True after the server refused for good (event gone, not the owner): nothing more is sent. */
  stopped: boolean;
  /** What the server said it holds for the event in its last answer: the count people see. */
  held: EvidenceHeld | null;
  /** Chunks the server refused and no retry can save (never counted as saved). */
  lost: number;
}

/** Where the chunks wait on the device until the server holds them (pending-chunks.ts). */
export interface ChunkJournal {
  added(item: EvidenceChunkItem): void;
  /** Held by the server, or refused for good: the device copy can go. */
  settled(item: EvidenceChunkItem): void;
  renumbered(slot: RecordingSlot): void;
}

/** The server's answer to an upload, as far as the queue reads it. */
export type ChunkUploader = (item: EvidenceChunkItem) => Promise<{ held?: EvidenceHeld } | void>;

const DEFAULT_RETRY_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000];

/** Refusals that no retry can fix: the queue stops. 409 `sos_closed_for_evidence` (`sos_ended`
 * from servers before it) means the event ended too long ago to take more. */
const FINAL_REFUSALS = new Set([400, 401, 403, 404, 410, 413]);
const CLOSED_FOR_EVIDENCE = new Set(['sos_closed_for_evidence', 'sos_ended']);
/** Another recording's bytes hold this number. (The same bytes again are answered 200.) */
const NUMBER_TAKEN = 'evidence_chunk_exists';

export const EMPTY_STATS: UploadStats = { uploaded: 0, pending: 0, bytesUploaded: 0, stopped: false, held: null, lost: 0 };

/**
 * Sends evidence chunks one at a time, in order, as they are recorded. Network failures and
 * server errors are retried with backoff, forever, so what was recorded before a phone is lost
 * or goes offline reaches the server as soon as it can. A chunk counts as saved only when the
 * server answered that it holds it: a conflict is never taken for "already saved".
 */
export class ChunkUploadQueue {
  private readonly items: EvidenceChunkItem[] = [];
  private running = false;
  private attempt = 0;
  private stats: UploadStats = { ...EMPTY_STATS };
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly upload: ChunkUploader,
    private readonly options: {
      onChange?: (stats: UploadStats) => void;
      /** A free recording number after `taken`, or undefined when none is left. */
      renumber?: (taken: number) => number | undefined;
      journal?: ChunkJournal;
      retryDelaysMs?: readonly number[];
      sleep?: (ms: number) => Promise<void>;
    } = {},
  ) {}

  get snapshot(): UploadStats {
    return { ...this.stats };
  }

  /** `stored`: the chunk is already on the device (left by an earlier page). */
  push(item: EvidenceChunkItem, { stored = false } = {}): void {
    if (this.stats.stopped || item.blob.size === 0) return;
    if (!stored) this.options.journal?.added(item);
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
        const answer = await this.upload(item);
        this.sent(item, answer ? answer.held : undefined);
      } catch (error) {
        if (isApiError(error) && error.status === 409 && error.code === NUMBER_TAKEN) {
          this.taken(item);
        } else if (isApiError(error) && (FINAL_REFUSALS.has(error.status) || CLOSED_FOR_EVIDENCE.has(error.code))) {
          for (const refused of this.items) this.options.journal?.settled(refused);
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

  /**
   * The number is held by another recorder's bytes. For chunk 0 nothing of this recording is on
   * the server yet, so the whole recording moves to a free number and is sent again at once.
   * A later chunk cannot move without its header: it is lost, and shown as lost.
   */
  private taken(item: EvidenceChunkItem): void {
    const next = item.sequence === 0 ? this.options.renumber?.(item.recording.number) : undefined;
    if (next !== undefined) {
      item.recording.number = next;
      this.options.journal?.renumbered(item.recording);
      return;
    }
    this.options.journal?.settled(item);
    this.items.shift();
    this.update({ lost: this.stats.lost + 1, pending: this.items.length });
  }

  private sent(item: EvidenceChunkItem, held: EvidenceHeld | undefined): void {
    this.options.journal?.settled(item);
    this.items.shift();
    this.attempt = 0;
    this.update({
      uploaded: this.stats.uploaded + 1,
      bytesUploaded: this.stats.bytesUploaded + item.blob.size,
      pending: this.items.length,
      held: held ?? this.stats.held,
    });
  }
}
