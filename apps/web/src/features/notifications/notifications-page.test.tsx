import type { NotificationItem, NotificationsPage as NotificationsResponse } from '@saathi/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/contract-answers';
import { page, renderRoutes } from '../../test/render';
import { makeUser, signIn } from '../../test/user';
import { NotificationsPage } from './notifications-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const item = (id: number, overrides: Partial<NotificationItem>): NotificationItem => ({
  id,
  type: 'sos.accepted',
  title: `Notification ${id}`,
  body: 'A volunteer accepted your SOS and is 850 m away.',
  read: true,
  sosEventId: null,
  sosEventActive: null,
  postId: null,
  actorId: null,
  data: {},
  createdAt: new Date().toISOString(),
  ...overrides,
});

describe('NotificationsPage', () => {
  it('lists each notification as a list item holding its link (a <ul> holds only <li>)', async () => {
    const body: NotificationsResponse = {
      items: [item(1, { title: 'Farhan Qureshi is coming to help', sosEventId: 5, read: false }), item(2, { title: 'Vikram Rathod is coming to help' })],
      page: 1,
      pageSize: 20,
      hasMore: false,
      unreadCount: 1,
    };
    stubFetch(async (url) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (path === '/api/notifications') return jsonResponse(200, body);
      return jsonResponse(200, { updated: 1, unreadCount: 0 });
    });
    signIn(makeUser());
    await renderRoutes([page('/notifications', <NotificationsPage />)], '/notifications');

    const list = await screen.findByRole('list', { name: 'Notifications' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect([...list.children].every((child) => child.tagName === 'LI')).toBe(true);
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: /Farhan Qureshi is coming to help/ })).toHaveAttribute('href', '/sos-mode?sosEventId=5');
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: /Vikram Rathod is coming to help/ })).toBeInTheDocument();
  });
});
