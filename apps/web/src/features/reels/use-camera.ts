import { useCallback, useEffect, useRef, useState } from 'react';
import { registerMediaStream, unregisterMediaStream } from '../../lib/media-streams';

export type Facing = 'user' | 'environment';

/** Zoom range of the camera track, when the browser exposes one (Chromium on Android does). */
export interface ZoomRange {
  min: number;
  max: number;
  supported: boolean;
}

/** SPEC.md §4: the slider goes from 1 to the device maximum, or 3 when the device says nothing. */
export const DEFAULT_MAX_ZOOM = 3;

type ZoomCapabilities = MediaTrackCapabilities & { zoom?: { min: number; max: number } };

function stopStream(stream: MediaStream | null): void {
  if (!stream) return;
  for (const track of stream.getTracks()) track.stop();
  unregisterMediaStream(stream);
}

/**
 * The camera and microphone for the recorder. The stream is registered with the app-wide
 * guard, so leaving for `/` or `/sos` stops it even if this screen did not unmount cleanly.
 */
export function useCamera() {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [failed, setFailed] = useState(false);
  const [facing, setFacing] = useState<Facing>('environment');
  const [zoomRange, setZoomRange] = useState<ZoomRange>({ min: 1, max: DEFAULT_MAX_ZOOM, supported: false });
  const current = useRef<MediaStream | null>(null);
  const alive = useRef(true);

  const start = useCallback((wanted: Facing): Promise<void> => {
    // Phones open one camera at a time: release the old one before asking for the next.
    stopStream(current.current);
    current.current = null;
    // Inside the promise, so a browser without mediaDevices (insecure page) lands in the failure path.
    const request = Promise.resolve().then(() =>
      navigator.mediaDevices.getUserMedia({ video: { facingMode: wanted, width: { ideal: 1280 }, height: { ideal: 720 } }, audio: true }),
    );
    return request.then(
      (next) => {
        // The screen was left (or another start began) while the browser was asking.
        if (!alive.current || current.current) {
          for (const track of next.getTracks()) track.stop();
          return;
        }
        registerMediaStream(next);
        current.current = next;
        setStream(next);
        setFailed(false);
        const track = next.getVideoTracks()[0];
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- adds the `zoom` capability the DOM lib does not declare
        const zoom = (track?.getCapabilities?.() as ZoomCapabilities | undefined)?.zoom;
        setZoomRange(zoom ? { min: Math.max(1, zoom.min), max: Math.max(1, zoom.max), supported: true } : { min: 1, max: DEFAULT_MAX_ZOOM, supported: false });
      },
      (error: unknown) => {
        console.error('Failed to start the camera', error);
        setFailed(true);
      },
    );
  }, []);

  useEffect(() => {
    void start(facing);
  }, [facing, start]);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      stopStream(current.current);
      current.current = null;
    };
  }, []);

  const stop = useCallback(() => {
    stopStream(current.current);
    current.current = null;
    setStream(null);
  }, []);

  /** Applies zoom on the track where supported; elsewhere the preview is scaled instead. */
  const applyZoom = useCallback(
    (value: number) => {
      const track = current.current?.getVideoTracks()[0];
      if (!track || !zoomRange.supported) return;
      track.applyConstraints({ advanced: [{ zoom: value } as MediaTrackConstraintSet] }).catch(() => undefined);
    },
    [zoomRange.supported],
  );

  return {
    stream,
    failed,
    facing,
    zoomRange,
    flip: () => setFacing((f) => (f === 'user' ? 'environment' : 'user')),
    restart: () => start(facing),
    stop,
    applyZoom,
  };
}
