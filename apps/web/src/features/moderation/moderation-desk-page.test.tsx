import type { ModerationQueue, QueueItem } from '@saathi/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { callsOf, closeDesk, serveDesk, showDesk } from '../../test/moderation-desk';
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
  acknowledged: null,
  unacknowledgedReports: 2,
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

const page = (items: QueueItem[], nextCursor: string | null = null): ModerationQueue => ({ items, appeals: [], nextCursor });

function serve(roles: string[], pages: Record<string, ModerationQueue> = { first: page([item]) }) {
  return serveDesk(roles, (key, options) => {
    if (key === 'GET /moderation/queue') return Promise.resolve(pages[(options?.query?.cursor as string | undefined) ?? 'first']);
    if (key === 'POST /moderation/decisions') return Promise.resolve({});
    if (key === 'POST /moderation/acknowledgements') return Promise.resolve({ acknowledged: 2, by: 38, at: '2025-03-11T04:30:00.000Z' });
    return undefined;
  });
}

const show = () => showDesk('/community-feeds/manage', <ModerationDeskPage />, 'Moderation desk');

afterEach(closeDesk);

describe('ModerationDeskPage', () => {
  it('tells a plain user calmly that it is not for their account, and reads no queue', async () => {
    const spy = serve(['user']);
    await show();
    expect(await screen.findByText(/not available for your account/)).toBeInTheDocument();
    expect(callsOf(spy, 'GET /moderation/queue')).toEqual([]);
  }, 30_000);

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
    expect(callsOf(spy, 'POST /moderation/decisions').map((c) => c?.body)).toEqual([
      { targetType: 'post', targetId: 5, action: 'remove', reason: 'Shared without consent' },
    ]);
  }, 20_000);

  it('acknowledges an item; an acknowledged one says by whom and when, and offers it again only for newer reports', async () => {
    const acknowledged: QueueItem = {
      ...item,
      targetId: 6,
      acknowledged: { by: { id: 40, name: 'Ravi Kumar' }, at: '2025-03-11T04:30:00.000Z' },
      unacknowledgedReports: 0,
    };
    const spy = serve(['user', 'moderator'], { first: page([item, acknowledged]) });
    await show();
    const card = await screen.findByRole('article', { name: 'Post #5' });
    expect(within(card).getByText('Acknowledge by 2025-03-12 01:30 IST')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Acknowledge: Post #5' }));
    await waitFor(() => expect(callsOf(spy, 'POST /moderation/acknowledgements').map((c) => c?.body)).toEqual([{ targetType: 'post', targetId: 5 }]));
    expect(await screen.findByText('Acknowledged. The 24-hour clock is met.')).toBeInTheDocument();
    const done = screen.getByRole('article', { name: 'Post #6' });
    expect(within(done).getByText('Acknowledged by Ravi Kumar at 2025-03-11 10:00 IST')).toBeInTheDocument();
    expect(within(done).queryByRole('button', { name: /Acknowledge/ })).not.toBeInTheDocument();
  }, 20_000);

  it('warn keeps the item unless "Also remove the item" is ticked; suspend sends its days', async () => {
    const spy = serve(['user', 'moderator']);
    await show();
    const card = await screen.findByRole('article', { name: 'Post #5' });
    await userEvent.click(within(card).getByRole('button', { name: 'Warn: Post #5' }));
    let dialog = await screen.findByRole('dialog', { name: 'Warn this post' });
    expect(within(dialog).getByText(/The item stays up/)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Mind the words');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(within(card).getByRole('button', { name: 'Suspend: Post #5' }));
    dialog = await screen.findByRole('dialog', { name: 'Suspend this post' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Again');
    await userEvent.clear(within(dialog).getByRole('spinbutton', { name: /days/ }));
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: /days/ }), '7');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Also remove the item' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(callsOf(spy, 'POST /moderation/decisions').map((c) => c?.body)).toEqual([
        { targetType: 'post', targetId: 5, action: 'warn', reason: 'Mind the words', removeItem: false },
        { targetType: 'post', targetId: 5, action: 'suspend', reason: 'Again', suspendDays: 7, removeItem: true },
      ]),
    );
  }, 30_000);

  it('reads the next page of the queue with the cursor the server gave', async () => {
    const second: QueueItem = { ...item, targetType: 'comment', targetId: 77 };
    const spy = serve(['user', 'moderator'], {
      first: page([item], '1_2025-03-10T20:00:00.000000Z_post_5'),
      '1_2025-03-10T20:00:00.000000Z_post_5': page([second]),
    });
    await show();
    await screen.findByRole('article', { name: 'Post #5' });
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('article', { name: 'Comment #77' })).toBeInTheDocument();
    expect(callsOf(spy, 'GET /moderation/queue').map((c) => c?.query)).toEqual([{}, { cursor: '1_2025-03-10T20:00:00.000000Z_post_5' }]);
    expect(screen.getByText('That is the whole queue.')).toBeInTheDocument();
  }, 20_000);
});
