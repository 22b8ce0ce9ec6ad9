import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { isMediaFreeRoute, stopAllMediaStreams } from '../lib/media-streams';

/** SPEC.md §2 navigation guard: entering '/' or '/sos' stops every camera and microphone stream. */
export function MediaStreamGuard() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (isMediaFreeRoute(pathname)) stopAllMediaStreams();
  }, [pathname]);
  return null;
}
