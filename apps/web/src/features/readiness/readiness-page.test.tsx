import type { NotificationItem } from '@saathi/shared';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, renderRoutes } from '../../test/render';
import { clearSession } from '../../entities/session';
import { emit } from '../../test/live-events';
import { makeUser, mockApi, signIn } from '../../test/user';
import { ReadinessPage } from './readiness-page';

vi.mock('../../entities/live-events/live-events', () => import('../../test/live-events'));

beforeEach(() => {
  Object.defineProperty(navigator, 'permissions', { value: { query: async () => ({ state: 'prompt' }) }, configurable: true });
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition: vi.fn() }, configurable: true });
  vi.stubGlobal('Notification', { permission: 'denied' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'permissions');
  Reflect.deleteProperty(navigator, 'geolocation');
});

/** The device checks answer asynchronously: wait for them before the test moves on or ends. */
async function settled() {
  await screen.findByText(/not ready to open without a network/);
  await screen.findAllByText('Not asked yet');
}

describe('ReadinessPage', () => {
  it('shows each permission, the fix-it steps for a blocked one, and the offline state to a visitor', async () => {
    clearSession();
    await renderRoutes([page('/test', <ReadinessPage />)], '/test');
    expect(await screen.findByRole('heading', { level: 1, name: 'Is my phone ready for an emergency?' })).toBeInTheDocument();
    expect(await screen.findByText('Blocked')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Ask' }).length).toBeGreaterThan(0);
    expect(screen.getByText(/can only be turned back on in the browser's settings/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Safari on iPhone' }));
    expect(screen.getByText(/Add to Home Screen, open Saathi from there/)).toBeInTheDocument();
    expect(await screen.findByText(/not ready to open without a network/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Send a test notification' })).not.toBeInTheDocument();
  });

  it("lists what is missing from a new user's profile with links to fix it", async () => {
    const user = makeUser({ emergencyContacts: [], locations: [] });
    mockApi(user);
    signIn(user);
    await renderRoutes([page('/test', <ReadinessPage />)], '/test');
    await settled();
    expect(await screen.findByText(/You have no emergency contacts/)).toBeInTheDocument();
    expect(screen.getByText('You have no saved home location.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add contacts' })).toHaveAttribute('href', '/account?tab=contacts');
    expect(screen.getByRole('link', { name: 'Add a place' })).toHaveAttribute('href', '/account?tab=locations');
  });

  it('sends a test push and says when this phone has no subscription, or when the limit is reached', async () => {
    const user = makeUser({ emergencyContacts: [{ name: 'Asha', phoneNumber: '9876543210' }] });
    let reply: { status: number; body: unknown } = { status: 200, body: { outcome: 'none' } };
    const api = mockApi(user, { 'POST /api/push/test': () => reply });
    signIn(user);
    await renderRoutes([page('/test', <ReadinessPage />)], '/test');
    await settled();
    fireEvent.click(await screen.findByRole('button', { name: 'Send a test notification' }));
    expect(await screen.findByText(/not set up for notifications yet/)).toBeInTheDocument();
    expect(api.requests.filter((r) => r.path === '/api/push/test')).toHaveLength(1);

    reply = { status: 429, body: { error: { code: 'push_test_limit', message: 'Too many', params: { seconds: 1800 } } } };
    fireEvent.click(screen.getByRole('button', { name: 'Send a test notification' }));
    expect(await screen.findByText('You have sent several test notifications. Please try again in 30 minutes.')).toBeInTheDocument();
  });

  it('shows the test notification the server sent when it reaches the app on the live stream, whatever the push', async () => {
    const user = makeUser({ emergencyContacts: [{ name: 'Asha', phoneNumber: '9876543210' }] });
    mockApi(user, { 'POST /api/push/test': () => ({ status: 200, body: { outcome: 'none' } }) });
    signIn(user);
    await renderRoutes([page('/test', <ReadinessPage />)], '/test');
    await settled();
    fireEvent.click(await screen.findByRole('button', { name: 'Send a test notification' }));
    await screen.findByText(/not set up for notifications yet/);
    const notification: NotificationItem = {
      id: 5,
      type: 'push.test',
      title: 'Test notification from Saathi',
      body: 'SOS alerts can reach this phone.',
      read: false,
      sosEventId: null,
      sosEventActive: null,
      postId: null,
      actorId: null,
      data: {},
      createdAt: '2026-11-01T10:00:00.000Z',
    };
    // Another notification on the stream is not the test one.
    await emit({ type: 'notification.created', data: { notification: { ...notification, id: 4, type: 'moderation.report' } } });
    expect(screen.queryByText(/The app received it/)).not.toBeInTheDocument();
    await emit({ type: 'notification.created', data: { notification } });
    expect(await screen.findByText('The app received it: “Test notification from Saathi” SOS alerts can reach this phone.')).toBeInTheDocument();
  });
});
