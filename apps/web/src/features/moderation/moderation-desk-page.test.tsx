import type { ModerationQueue, QueueItem, User } from '@saathi/shared';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import { page, renderRoutes } from '../../test/render';
import { clearSession, setSession } from '../auth/session';
import { ModerationDeskPage } from './moderation-desk-page';

const item: QueueItem = {
  targetType: 'post',
  targetId: 5,
  status: 'hidden',
  reportCount: 3,
  reasons: [{ reason: 'intimate_image', count: 2 }],
  notes: ['This is my photo'],
  intimateImage: true,
  deadlines: {
    reportedAt: '2025-03-10T20:00:00.000Z',
    acknowledgeBy: '2025-03-12 01:30:00',
    resolveBy: '2025-03-12 01:30:00',
    acknowledgeOverdue: true,
    resolveOverdue: true,
    ageHours: 30,
  },
  author: { id: 24, name: 'Kabir Shah' },
  title: 'Party pictures',
  text: 'Look at her',
  imageUrls: [],
  videoUrl: null,
  createdAt: '2025-03-10T19:00:00.000Z',
  post: null,
  comments: [{ id: 1, author: 'Asha', content: 'Take it down', createdAt: '2025-03-10T19:30:00.000Z', reported: false }],
  authorHistory: [{ id: 9, targetType: 'comment', action: 'warn', reason: 'Insults', createdAt: '2025-02-01T10:00:00.000Z' }],
};

type Call = [key: string, options?: { query?: Record<string, unknown>; body?: unknown; params?: unknown }];

function serve(roles: string[]) {
  setSession({ id: 38, name: 'Swati Deshmukh', roles } as unknown as User);
  // Only the calls the desk makes are answered; the cast keeps the stub from restating every response type.
  const answer = (...[key]: Call): Promise<unknown> => {
    if (key === 'GET /users/me') return new Promise(() => undefined);
    if (key === 'GET /moderation/queue') return Promise.resolve({ items: [item], appeals: [] } satisfies ModerationQueue);
    if (key === 'POST /moderation/decisions') return Promise.resolve({});
    return Promise.reject(new Error(`unexpected call ${key}`));
  };
  return vi.spyOn(api, 'call').mockImplementation(answer as never);
}

async function show() {
  await renderRoutes([page('/community-feeds/manage', <ModerationDeskPage />)], '/community-feeds/manage');
  await screen.findByRole('heading', { name: 'Moderation desk', level: 1 });
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  clearSession();
});

describe('ModerationDeskPage', () => {
  it('tells a plain user calmly that it is not for their account, and reads no queue', async () => {
    const spy = serve(['user']);
    await show();
    expect(await screen.findByText(/not available for your account/)).toBeInTheDocument();
    expect(spy.mock.calls.filter((c) => c[0] === 'GET /moderation/queue')).toEqual([]);
  });

  it('shows an item with its reports, deadlines in IST, context and history, and sends a removal with its reason', async () => {
    const spy = serve(['user', 'moderator']);
    await show();
    const card = await screen.findByRole('article', { name: 'Post #5' });
    expect(within(card).getByText('3 reports')).toBeInTheDocument();
    expect(within(card).getByText('Overdue')).toBeInTheDocument();
    expect(within(card).getByText('Intimate image: remove within 24 hours')).toBeInTheDocument();
    expect(within(card).getByText('Resolve by 2025-03-12 01:30 IST')).toBeInTheDocument();
    expect(within(card).getByText('Intimate image shared without consent × 2')).toBeInTheDocument();
    expect(within(card).getByText(/Warn \(Comment\): Insults/)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Remove: Post #5' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), 'Shared without consent');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const sent = spy.mock.calls.filter((c) => c[0] === 'POST /moderation/decisions').map((c) => (c[1] as Call[1])?.body);
    expect(sent).toEqual([{ targetType: 'post', targetId: 5, action: 'remove', reason: 'Shared without consent' }]);
  }, 20_000);
});
