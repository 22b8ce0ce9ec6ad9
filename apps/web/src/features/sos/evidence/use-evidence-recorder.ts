import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { EvidenceHeld } from '@saathi/shared';
import { registerMediaStream, unregisterMediaStream } from '../../../lib/media-streams';
import { sosApi, sosKeys, uploadEvidenceChunk } from '../../../entities/sos-event';
import { createPendingJournal, pendingChunkStore } from './pending-chunks';
import { recordingAfter, takeRecordingNumber } from './recording-numbers';
import { ChunkUploadQueue, EMPTY_STATS, type RecordingSlot, type UploadStats } from './upload-queue';

/** Each chunk is a few seconds, so a lost phone loses at most that much (DESIGN.md §5). */
export const EVIDENCE_TIMESLICE_MS = 3000;

export type RecorderState = 'off' | 'starting' | 'recording' | 'stopped' | 'denied' | 'unsupported';

/** Events whose chunks left on the device by an earlier page this page has queued again. */
const restoredEvents = new Set<number>();

/** A random id for one recorder start (getRandomValues works where randomUUID needs https). */
function recorderId(): string {
  return [...crypto.getRandomValues(new Uint8Array(8))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** webm with vp8/opus first (SPEC.md §9); whatever webm the browser can do otherwise. */
export function pickEvidenceMimeType(isSupported: (type: string) => boolean): string | undefined {
  return ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm'].find((type) => isSupported(type));
}

export interface EvidenceRecorder {
  state: RecorderState;
  stats: UploadStats;
  /** What the server holds of the event (from its last answer), or null before it said. */
  held: EvidenceHeld | null;
  stream: MediaStream | null;
}

/** Of two answers of the server, the one that knows more (answers may arrive out of order). */
export function laterHeld(a: EvidenceHeld | null | undefined, b: EvidenceHeld | null | undefined): EvidenceHeld | null {
  if (!a || !b) return a ?? b ?? null;
  return b.chunks >= a.chunks ? b : a;
}

/**
 * Records audio and video while `active`, uploading each chunk as it is produced. Stops when
 * the event ends, the screen closes, or the route guard stops every stream; chunks already
 * recorded keep uploading in the background until they are on the server. Every recorder
 * start is a new recording (its own webm, numbered from chunk 0), never a continuation of
 * the last one's numbers.
 */
export function useEvidenceRecorder(eventId: number, active: boolean): EvidenceRecorder {
  const [phase, setPhase] = useState<RecorderState>('off');
  const supported = typeof MediaRecorder !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
  const [stats, setStats] = useState<UploadStats>(EMPTY_STATS);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const queueRef = useRef<{ eventId: number; queue: ChunkUploadQueue } | null>(null);
  // What earlier pages held on the server (before a reload): the count starts from there.
  const { data: listed } = useQuery({
    queryKey: sosKeys.evidence(eventId),
    queryFn: () => sosApi.evidence(eventId),
    enabled: active && supported,
    retry: false,
  });

  useEffect(() => {
    if (!active || !supported) return;
    let cancelled = false;
    let recorder: MediaRecorder | null = null;
    let media: MediaStream | null = null;
    // One queue per event for the life of the screen; a queue left behind finishes on its own.
    if (queueRef.current?.eventId !== eventId) {
      const journal = createPendingJournal(eventId, pendingChunkStore());
      const queue = new ChunkUploadQueue((item) => uploadEvidenceChunk(eventId, item.recording.number, item.sequence, item.kind, item.blob), {
        onChange: setStats,
        renumber: (taken) => recordingAfter(eventId, taken),
        journal,
      });
      queueRef.current = { eventId, queue };
      // What a page before a reload recorded but could not send goes first (once per page).
      if (!restoredEvents.has(eventId)) {
        restoredEvents.add(eventId);
        void journal.restore().then((items) => {
          for (const item of items) queue.push(item, { stored: true });
        });
      }
    }
    const { queue } = queueRef.current;

    void navigator.mediaDevices
      .getUserMedia({ audio: true, video: { facingMode: 'environment', width: { ideal: 640 }, height: { ideal: 480 } } })
      .then((captured) => {
        if (cancelled) {
          for (const track of captured.getTracks()) track.stop();
          return;
        }
        media = registerMediaStream(captured);
        setStream(captured);
        const mimeType = pickEvidenceMimeType((type) => MediaRecorder.isTypeSupported(type));
        recorder = new MediaRecorder(captured, { ...(mimeType ? { mimeType } : {}), videoBitsPerSecond: 600_000, audioBitsPerSecond: 48_000 });
        // This recorder's own recording: its first chunk carries the webm header.
        const recording: RecordingSlot = { recorder: recorderId(), number: takeRecordingNumber(eventId) };
        let sequence = 0;
        recorder.ondataavailable = (event) => {
          if (event.data.size > 0) queue.push({ recording, sequence: sequence++, kind: 'video', blob: event.data });
        };
        recorder.onstop = () => setPhase('stopped');
        // The route guard may stop the tracks from elsewhere: the recorder then ends too.
        captured.getTracks()[0]?.addEventListener('ended', () => {
          if (recorder?.state === 'recording') recorder.stop();
        });
        recorder.start(EVIDENCE_TIMESLICE_MS);
        setPhase('recording');
      })
      .catch(() => {
        if (!cancelled) setPhase('denied');
      });

    return () => {
      cancelled = true;
      // stop() flushes the last partial chunk through ondataavailable before the tracks end.
      if (recorder && recorder.state !== 'inactive') recorder.stop();
      if (media) {
        for (const track of media.getTracks()) track.stop();
        unregisterMediaStream(media);
      }
      setStream(null);
    };
  }, [eventId, active, supported]);

  const state: RecorderState = !active
    ? phase === 'off'
      ? 'off'
      : 'stopped'
    : !supported
      ? 'unsupported'
      : phase === 'off' || phase === 'stopped'
        ? 'starting'
        : phase;
  return { state, stats, held: laterHeld(listed?.held, stats.held), stream };
}
