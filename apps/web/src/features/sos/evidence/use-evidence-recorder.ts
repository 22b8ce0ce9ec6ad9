import { useEffect, useRef, useState } from 'react';
import { registerMediaStream, unregisterMediaStream } from '../../../lib/media-streams';
import { uploadEvidenceChunk } from '../api/sos-api';
import { ChunkUploadQueue, type UploadStats } from './upload-queue';

/** Each chunk is a few seconds, so a lost phone loses at most that much (DESIGN.md §5). */
export const EVIDENCE_TIMESLICE_MS = 3000;

export type RecorderState = 'off' | 'starting' | 'recording' | 'stopped' | 'denied' | 'unsupported';

/** webm with vp8/opus first (SPEC.md §9); whatever webm the browser can do otherwise. */
export function pickEvidenceMimeType(isSupported: (type: string) => boolean): string | undefined {
  return ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm'].find((type) => isSupported(type));
}

export interface EvidenceRecorder {
  state: RecorderState;
  stats: UploadStats;
  stream: MediaStream | null;
}

/**
 * Records audio and video while `active`, uploading each chunk as it is produced. Stops when
 * the event ends, the screen closes, or the route guard stops every stream; chunks already
 * recorded keep uploading in the background until they are on the server.
 */
export function useEvidenceRecorder(eventId: number, active: boolean): EvidenceRecorder {
  const [phase, setPhase] = useState<RecorderState>('off');
  const supported = typeof MediaRecorder !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
  const [stats, setStats] = useState<UploadStats>({ uploaded: 0, pending: 0, bytesUploaded: 0, stopped: false });
  const [stream, setStream] = useState<MediaStream | null>(null);
  const queueRef = useRef<ChunkUploadQueue | null>(null);

  useEffect(() => {
    if (!active || !supported) return;
    let cancelled = false;
    let recorder: MediaRecorder | null = null;
    let media: MediaStream | null = null;
    let sequence = 0;
    queueRef.current ??= new ChunkUploadQueue((item) => uploadEvidenceChunk(eventId, item.sequence, item.kind, item.blob), { onChange: setStats });
    const queue = queueRef.current;

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
        recorder.ondataavailable = (event) => {
          if (event.data.size > 0) queue.push({ sequence: sequence++, kind: 'video', blob: event.data });
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
  return { state, stats, stream };
}
