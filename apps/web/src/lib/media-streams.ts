/**
 * Every camera/microphone stream the app opens is registered here, so leaving for the SOS
 * dashboard (SPEC.md §2 navigation guard) can stop them all, wherever they were started.
 */
const streams = new Set<MediaStream>();

export function registerMediaStream(stream: MediaStream): MediaStream {
  streams.add(stream);
  return stream;
}

export function unregisterMediaStream(stream: MediaStream): void {
  streams.delete(stream);
}

export function activeMediaStreamCount(): number {
  return streams.size;
}

/** Stops every track of every registered stream; the browser then turns its camera/mic indicator off. */
export function stopAllMediaStreams(): number {
  let stopped = 0;
  for (const stream of streams) {
    for (const track of stream.getTracks()) {
      if (track.readyState !== 'ended') {
        track.stop();
        stopped += 1;
      }
    }
  }
  streams.clear();
  return stopped;
}

/** Routes where all capture must stop (SPEC.md: entering '/' or '/sos'). */
export function isMediaFreeRoute(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === '/' || path === '/sos';
}
