import { REEL_MAX_SECONDS } from '@saathi/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { locationStore } from '../../entities/location';

export type RecorderPhase = 'idle' | 'recording' | 'recorded';

/** SPEC.md §4: the location is refreshed every 10 s while recording. */
export const LOCATION_REFRESH_MS = 10_000;

/** Only webm is recorded (SPEC.md §5); the first type this browser can write. */
export function webmMimeType(): string {
  const candidates = ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm'];
  return candidates.find((type) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(type)) ?? 'video/webm';
}

/** Records the stream to webm with a 60 s countdown that stops by itself at 0. */
export function useRecorder() {
  const [phase, setPhase] = useState<RecorderPhase>('idle');
  const [remaining, setRemaining] = useState(REEL_MAX_SECONDS);
  const [blob, setBlob] = useState<Blob | null>(null);
  const [position, setPosition] = useState<{ latitude: number; longitude: number } | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);

  const stop = useCallback(() => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  }, []);

  const start = useCallback((stream: MediaStream) => {
    const chunks: Blob[] = [];
    const mimeType = webmMimeType();
    const next = new MediaRecorder(stream, { mimeType });
    next.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    next.onstop = () => {
      setBlob(new Blob(chunks, { type: 'video/webm' }));
      setPhase('recorded');
    };
    recorder.current = next;
    next.start(1000);
    setBlob(null);
    setRemaining(REEL_MAX_SECONDS);
    setPhase('recording');
  }, []);

  const reset = useCallback(() => {
    recorder.current = null;
    setBlob(null);
    setRemaining(REEL_MAX_SECONDS);
    setPhase('idle');
  }, []);

  // The countdown: one tick a second, stopping the recording at 0.
  useEffect(() => {
    if (phase !== 'recording') return;
    const startedAt = Date.now();
    const timer = window.setInterval(() => {
      const left = Math.max(0, REEL_MAX_SECONDS - Math.floor((Date.now() - startedAt) / 1000));
      setRemaining(left);
      if (left === 0) stop();
    }, 250);
    return () => window.clearInterval(timer);
  }, [phase, stop]);

  // Where the incident is: asked at the start and every 10 s while recording; failures keep the last fix.
  useEffect(() => {
    if (phase !== 'recording') return;
    const store = locationStore();
    const refresh = () =>
      store.requestPosition().then(
        (fix) => setPosition({ latitude: fix.latitude, longitude: fix.longitude }),
        () => undefined,
      );
    void refresh();
    const timer = window.setInterval(() => void refresh(), LOCATION_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [phase]);

  useEffect(
    () => () => {
      if (recorder.current?.state === 'recording') recorder.current.stop();
    },
    [],
  );

  return { phase, remaining, blob, position, start, stop, reset };
}
