import { describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { MediaStreamGuard } from './media-stream-guard';
import { activeMediaStreamCount, isMediaFreeRoute, registerMediaStream, stopAllMediaStreams } from '../lib/media-streams';

function fakeStream() {
  const tracks = [
    { kind: 'video', readyState: 'live', stop: vi.fn() },
    { kind: 'audio', readyState: 'live', stop: vi.fn() },
  ];
  const stream = { getTracks: () => tracks } as unknown as MediaStream;
  return { stream, tracks };
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <MediaStreamGuard />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <p>dashboard</p> },
          { path: '/sos', element: <p>sos</p> },
          { path: '/create-reel', element: <p>recorder</p> },
          { path: '/account', element: <p>account</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('media stream guard', () => {
  it('stops every registered camera and microphone track when entering /', async () => {
    const router = renderAt('/create-reel');
    const first = fakeStream();
    const second = fakeStream();
    registerMediaStream(first.stream);
    registerMediaStream(second.stream);

    await act(() => router.navigate('/account'));
    expect(first.tracks[0]?.stop).not.toHaveBeenCalled();
    expect(activeMediaStreamCount()).toBe(2);

    await act(() => router.navigate('/'));
    for (const track of [...first.tracks, ...second.tracks]) expect(track.stop).toHaveBeenCalledTimes(1);
    expect(activeMediaStreamCount()).toBe(0);
  });

  it('stops streams when entering /sos', async () => {
    const router = renderAt('/create-reel');
    const { stream, tracks } = fakeStream();
    registerMediaStream(stream);

    await act(() => router.navigate('/sos'));
    expect(tracks[1]?.stop).toHaveBeenCalledTimes(1);
  });

  it('leaves streams running on other routes', async () => {
    const router = renderAt('/account');
    const { stream, tracks } = fakeStream();
    registerMediaStream(stream);
    await act(() => router.navigate('/create-reel'));
    expect(tracks[0]?.stop).not.toHaveBeenCalled();
    stopAllMediaStreams();
  });

  it('does not stop tracks that have already ended', () => {
    const ended = { readyState: 'ended', stop: vi.fn() };
    registerMediaStream({ getTracks: () => [ended] } as unknown as MediaStream);
    expect(stopAllMediaStreams()).toBe(0);
    expect(ended.stop).not.toHaveBeenCalled();
  });

  it('knows which routes are media-free', () => {
    expect(isMediaFreeRoute('/')).toBe(true);
    expect(isMediaFreeRoute('/sos')).toBe(true);
    expect(isMediaFreeRoute('/sos/')).toBe(true);
    expect(isMediaFreeRoute('/sos-mode')).toBe(false);
    expect(isMediaFreeRoute('/create-reel')).toBe(false);
  });
});
