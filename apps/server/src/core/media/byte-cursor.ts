/**
 * Reads a stream of byte chunks front to back. Only the unread rest of the current chunk is
 * held, so skipping over a large element of a file streamed from disk or S3 costs no memory.
 */
export class ByteCursor {
  /** Offset in the stream of the next unread byte. */
  position = 0;
  private pending: Buffer = Buffer.alloc(0);
  private ended = false;

  constructor(private readonly chunks: AsyncIterator<Uint8Array> | Iterator<Uint8Array>) {}

  /** The next `n` bytes without consuming them, or undefined when the stream ends first. */
  async peek(n: number): Promise<Buffer | undefined> {
    while (this.pending.length < n) {
      if (!(await this.pull())) return undefined;
    }
    return this.pending.subarray(0, n);
  }

  /** Consumes and returns the next `n` bytes, or undefined when the stream ends first. */
  async read(n: number): Promise<Buffer | undefined> {
    const bytes = await this.peek(n);
    if (bytes) this.advance(n);
    return bytes;
  }

  /** Consumes `n` bytes without keeping them; false when the stream ends first. */
  async skip(n: number): Promise<boolean> {
    let left = n;
    while (this.pending.length < left) {
      left -= this.pending.length;
      this.advance(this.pending.length);
      if (!(await this.pull())) return false;
    }
    this.advance(left);
    return true;
  }

  private advance(n: number): void {
    this.pending = this.pending.subarray(n);
    this.position += n;
  }

  private async pull(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.chunks.next();
    if (next.done) {
      this.ended = true;
      return false;
    }
    const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    return true;
  }
}
