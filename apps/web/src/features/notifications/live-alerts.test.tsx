import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { NotificationItem, User } from '@saathi/shared';
import { jsonResponse, stubFetch } from '../../test/contract-answers';
import { renderRoutes } from '../../test/render';
// The toast's own chunk, loaded up front: the first toast then shows within findBy's wait.
import '../../components/toast-view';
import { volunteerEvent } from '../../test/sos-events';
import { clearSession, setSession } from '../../entities/session';
import { LiveAlerts } from './live-alerts';
import type { LiveMessage } from '../../entities/live-events';
import { emit } from '../../test/live-events';

// The stream itself is replaced: the tests hand LiveAlerts its messages.
vi.mock('../../entities/live-events/live-events', () => import('../../test/live-events'));

function sosAlert(id: number, sosEventId: number, minutesAgo = 0): NotificationItem {
  return {
    id,
    type: 'sos.alert',
    title: `SOS nearby: Medical (${sosEventId})`,
    body: 'Priya needs help within 500 m of you. Can you go?',
    read: false,
    sosEventId,
    sosEventActive: null,
    postId: null,
    actorId: 2,
    data: { url: `/sos-mode?sosEventId=${sosEventId}`, distanceBand: '0-500' },
    createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  };
}

const created = (notification: NotificationItem): LiveMessage => ({ type: 'notification.created', data: { notification } });

function routes(): RouteObject[] {
  return [
    {
      path: '/',
      element: (
        <>
          <LiveAlerts />
          <Outlet />
        </>
      ),
      children: [
        { index: true, element: <p>Dashboard</p> },
        { path: 'notifications', element: <p>Notifications list</p> },
        { path: 'sos-mode', element: <p>SOS screen</p> },
      ],
    },
  ];
}

/*
 * Toasts show one at a time, in the order they were raised (components/toast.tsx). So "no toast
 * for X" is checked without waiting: another alert is raised after X's, and once its toast is on
 * screen, nothing for X was queued before it.
 */

const toastText = (eventId: number) => screen.queryByText(`SOS nearby: Medical (${eventId})`);

describe('live SOS alerts', () => {
  let fetchMock: Mock<(url: string) => Promise<Response>>;
  beforeEach(() => {
    setSession({ id: 11, name: 'Kavita Joshi' } as User);
    sessionStorage.clear();
    fetchMock = stubFetch(async (url: string) =>
      jsonResponse(
        200,
        url.startsWith('/api/notifications/unread-count') ? { count: 0 } : { items: [], page: 1, pageSize: 10, hasMore: false, unreadCount: 0 },
      ),
    );
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });

  it("closes the 'Go to SOS' toast when its SOS screen opens another way, and does not show it again for that event", async () => {
    const { router } = await renderRoutes(routes(), '/');
    await emit(created(sosAlert(31, 5)));
    expect(await screen.findByText('SOS nearby: Medical (5)')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Go to SOS' })).toBeVisible();

    // The volunteer opens the alert from the notifications list (or the system notification).
    await act(() => router.navigate('/notifications'));
    expect(toastText(5)).toBeVisible();
    await act(() => router.navigate('/sos-mode?sosEventId=5'));
    await waitFor(() => expect(toastText(5)).not.toBeInTheDocument());
    expect(screen.getByText('SOS screen')).toBeVisible();

    // Back on the dashboard, the same alert again (its push copy, a later notification of the
    // same event) does not bring it back.
    await act(() => router.navigate('/'));
    await emit(created(sosAlert(31, 5)));
    await emit(created(sosAlert(32, 5)));

    // Another SOS does; its toast is the first in line.
    await emit(created(sosAlert(33, 6)));
    expect(await screen.findByText('SOS nearby: Medical (6)')).toBeVisible();
    expect(toastText(5)).not.toBeInTheDocument();
  });

  it("opens the SOS screen from 'Go to SOS' and closes the toast", async () => {
    const user = userEvent.setup();
    const { router } = await renderRoutes(routes(), '/');
    await emit(created(sosAlert(41, 8)));
    await user.click(await screen.findByRole('button', { name: 'Go to SOS' }));
    expect(router.state.location.pathname + router.state.location.search).toBe('/sos-mode?sosEventId=8');
    await waitFor(() => expect(toastText(8)).not.toBeInTheDocument());
  });

  it('shows no toast for an SOS whose screen is already open', async () => {
    await renderRoutes(routes(), '/sos-mode?sosEventId=9');
    await emit(created(sosAlert(51, 9)));
    // Another SOS's alert, raised after it, is the first in line.
    await emit(created(sosAlert(52, 10)));
    expect(await screen.findByText('SOS nearby: Medical (10)')).toBeVisible();
    expect(toastText(9)).not.toBeInTheDocument();
  });

  it('catches up, after the stream (re)connects, an alert it missed while the SOS is still active', async () => {
    // Newest first, as the server lists them; the catch-up goes through them oldest first.
    const unread = [sosAlert(61, 12, 2), sosAlert(62, 13, 1), sosAlert(63, 14, 40)];
    fetchMock.mockImplementation((url: string) => {
      const respond = async (body: unknown, status = 200) => jsonResponse(status, body);
      if (url.startsWith('/api/notifications?')) return respond({ items: unread, page: 1, pageSize: 10, hasMore: false, unreadCount: unread.length });
      // 12 (and 15, later) are still on; 13 has ended (volunteers get 403 sos_ended); 14 is too old to ask about.
      if (url === '/api/sos/12') return respond(volunteerEvent({ id: 12 }));
      if (url === '/api/sos/15') return respond(volunteerEvent({ id: 15 }));
      if (url === '/api/sos/13') return respond({ error: { code: 'sos_ended', message: 'This SOS has ended' } }, 403);
      return respond({ count: 0 });
    });
    const { router } = await renderRoutes(routes(), '/');
    await emit({ type: 'stream.ready' });
    // 12 is the newest, so the last one looked at: with its toast first in line, 13 and 14 raised none.
    expect(await screen.findByText('SOS nearby: Medical (12)')).toBeVisible();
    expect(toastText(13)).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/sos/14');

    // Opened: nothing waited behind it.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to SOS' }));
    await waitFor(() => expect(toastText(12)).not.toBeInTheDocument());
    expect(toastText(13)).not.toBeInTheDocument();
    expect(toastText(14)).not.toBeInTheDocument();

    // Back on the dashboard, a second reconnect does not bring it back; a newer alert (15, the
    // last one looked at this time) does come, first in line.
    await act(() => router.navigate('/'));
    unread.unshift(sosAlert(64, 15, 0));
    await emit({ type: 'stream.ready' });
    expect(await screen.findByText('SOS nearby: Medical (15)')).toBeVisible();
    expect(toastText(12)).not.toBeInTheDocument();
  });
});
