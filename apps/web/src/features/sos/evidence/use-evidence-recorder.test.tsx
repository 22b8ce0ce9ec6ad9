import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { EvidenceKind } from '@saathi/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { stubApiCall } from '../../../test/contract-answers';
import { createPendingJournal, pendingChunkStore } from './pending-chunks';
import { useEvidenceRecorder } from './use-evidence-recorder';

/** A MediaRecorder that produces a chunk when the test says so; its first chunk is its header. */
class FakeRecorder {
  static made: FakeRecorder[] = [];
  static isTypeSupported = () => true;
  state: 'inactive' | 'recording' = 'inactive';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  private produced = 0;
  constructor() {
    FakeRecorder.made.push(this);
  }
  start() {
    this.state = 'recording';
  }
  /** A timeslice ends: the next chunk of this recorder. */
  emit() {
    const index = FakeRecorder.made.indexOf(this);
    const bytes = this.produced++ === 0 ? `EBML-header-of-recorder-${index}` : `cluster-${this.produced - 1}-of-${index}`;
    this.ondataavailable?.({ data: new Blob([bytes]) });
  }
  stop() {
    // The last partial chunk is flushed before the recorder stops, as browsers do.
    this.emit();
    this.state = 'inactive';
    this.onstop?.();
  }
}

const fakeStream = () => ({ getTracks: () => [{ stop: vi.fn(), addEventListener: vi.fn(), readyState: 'live' }] });

interface Sent {
  recording: number;
  sequence: number;
  text: string;
}

let sent: Sent[];
/** Recordings the server holds already, with their first chunk's bytes. */
let heldBefore: Map<number, string>;

function serve() {
  return stubApiCall((async (key: string, options: { query?: { recording: number; sequence: number; kind: EvidenceKind }; body?: Blob }) => {
    if (key === 'GET /sos/:id/evidence') {
      const sizeBytes = [...heldBefore.values()].reduce((sum, bytes) => sum + bytes.length, 0);
      return { chunks: [], recordings: [], held: { chunks: heldBefore.size, sizeBytes, recordings: heldBefore.size } };
    }
    const { recording, sequence } = options.query!;
    const text = await options.body!.text();
    const first = heldBefore.get(recording);
    if (sequence === 0 && first !== undefined && first !== text) throw new ApiError(409, 'evidence_chunk_exists', 'taken');
    sent.push({ recording, sequence, text });
    const recordings = new Set([...heldBefore.keys(), ...sent.map((s) => s.recording)]).size;
    const sizeBytes = [...heldBefore.values(), ...sent.map((s) => s.text)].reduce((sum, bytes) => sum + bytes.length, 0);
    // The stored chunk, and what the server now holds.
    return {
      id: sent.length,
      kind: options.query!.kind,
      sequence,
      sizeBytes: text.length,
      createdAt: new Date().toISOString(),
      recording,
      held: { chunks: heldBefore.size + sent.length, sizeBytes, recordings },
    };
  }) as never);
}

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

const latest = () => FakeRecorder.made.at(-1)!;
const emit = (times = 1) =>
  act(async () => {
    for (let i = 0; i < times; i++) latest().emit();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

describe('the evidence recorder numbering', () => {
  beforeEach(() => {
    FakeRecorder.made = [];
    sent = [];
    heldBefore = new Map();
    localStorage.clear();
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn(() => Promise.resolve(fakeStream())) } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'mediaDevices');
    localStorage.clear();
  });

  it('starts a new recording at every recorder start: re-render, reload, reopened screen', async () => {
    serve();
    const first = renderHook(({ active }) => useEvidenceRecorder(31, active), { wrapper, initialProps: { active: true } });
    await waitFor(() => expect(first.result.current.state).toBe('recording'));
    await emit(2);
    // The recorder restarts within the page (the screen re-rendered with recording off and on).
    first.rerender({ active: false });
    first.rerender({ active: true });
    await waitFor(() => expect(FakeRecorder.made).toHaveLength(2));
    await emit(1);
    first.unmount();
    // The page is reloaded mid-SOS: a new hook, the same device.
    const second = renderHook(() => useEvidenceRecorder(31, true), { wrapper });
    await waitFor(() => expect(FakeRecorder.made).toHaveLength(3));
    await emit(2);
    // 2 + 1 from the first recorder and 1 + 1 from the second (stopping flushes a last chunk), 2 from the third.
    await waitFor(() => expect(sent).toHaveLength(7));

    const byRecording = new Map<number, Sent[]>();
    for (const chunk of sent) byRecording.set(chunk.recording, [...(byRecording.get(chunk.recording) ?? []), chunk]);
    expect([...byRecording.keys()]).toEqual([0, 1, 2]);
    for (const [recording, chunks] of byRecording) {
      // Each numbered from 0, its header first, never a number of another recorder.
      expect(chunks.map((c) => c.sequence)).toEqual(chunks.map((_, i) => i));
      expect(chunks[0]!.text).toBe(`EBML-header-of-recorder-${recording}`);
      expect(chunks.every((c) => c.text.endsWith(`recorder-${recording}`) || c.text.endsWith(`of-${recording}`))).toBe(true);
    }
    // What the screen shows is the server's count, not this page's.
    await waitFor(() => expect(second.result.current.held).toMatchObject({ chunks: 7, recordings: 3 }));
    expect(second.result.current.stats).toMatchObject({ lost: 0 });
    second.unmount();
  });

  it('moves on to a free number when the server holds this one (storage cleared, another tab)', async () => {
    heldBefore.set(0, 'EBML-header-of-an-earlier-page');
    heldBefore.set(1, 'EBML-header-of-another-earlier-page');
    serve();
    const { result, unmount } = renderHook(() => useEvidenceRecorder(32, true), { wrapper });
    await waitFor(() => expect(result.current.state).toBe('recording'));
    await waitFor(() => expect(result.current.held).toMatchObject({ chunks: 2 }));
    await emit(3);
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent.map((s) => `${s.recording}:${s.sequence}`)).toEqual(['2:0', '2:1', '2:2']);
    await waitFor(() => expect(result.current.held).toMatchObject({ chunks: 5, recordings: 3 }));
    unmount();
    // The next start on this device does not try the taken numbers again.
    renderHook(() => useEvidenceRecorder(32, true), { wrapper });
    await waitFor(() => expect(FakeRecorder.made).toHaveLength(2));
    await emit(1);
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ recording: 3, sequence: 0 }));
  });

  it('sends first what an earlier page recorded but could not send, to its own recording', async () => {
    serve();
    // A page before the reload recorded recording 0 and got none of it to the server.
    const journal = createPendingJournal(33, pendingChunkStore());
    const earlier = { recorder: 'earlier-page', number: 0 };
    journal.added({ recording: earlier, sequence: 0, kind: 'video', blob: new Blob(['EBML-header-of-the-earlier-page']) });
    journal.added({ recording: earlier, sequence: 1, kind: 'video', blob: new Blob(['cluster-1-of-the-earlier-page']) });
    localStorage.setItem('saathi.evidence-recording.33', '1');
    expect(await journal.restore()).toHaveLength(2);

    const { unmount } = renderHook(() => useEvidenceRecorder(33, true), { wrapper });
    await waitFor(() => expect(FakeRecorder.made).toHaveLength(1));
    await emit(1);
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent.map((s) => `${s.recording}:${s.sequence}:${s.text}`)).toEqual([
      '0:0:EBML-header-of-the-earlier-page',
      '0:1:cluster-1-of-the-earlier-page',
      '1:0:EBML-header-of-recorder-0',
    ]);
    // Held by the server now: nothing is left on the device to send again.
    await waitFor(async () => expect(await createPendingJournal(33, pendingChunkStore()).restore()).toEqual([]));
    unmount();
  });
});
