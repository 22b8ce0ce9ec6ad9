import type { DeskReel, DeskReelsPage } from '@saathi/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { callsOf, closeDesk, serveDesk, showDesk } from '../../test/moderation-desk';
import { hostedVideoId, reasonError } from './desk-filters';
import { ReelsDeskPage } from './reels-desk-page';

const reel = (values: Partial<DeskReel> = {}): DeskReel => ({
  id: 7,
  status: 'active',
  title: 'Flooded underpass',
  thumbnailUrl: null,
  description: 'Avoid the station road.',
  videoSource: 'youtube',
  videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
  videoId: 'dQw4w9WgXcQ',
  author: { id: 24, name: 'Arjun Nair' },
  createdAt: new Date('2025-03-01T10:00:00Z').toISOString(),
  likes: 3,
  comments: 1,
  reports: { count: 2, open: 2, reasons: [{ reason: 'violence', count: 2 }], latestDetails: ['Shows an injured man'] },
  hiddenReason: null,
  ...values,
});

/** Answers the desk's calls; records each. */
function serve(roles: string[], items: DeskReel[] = [reel()]) {
  return serveDesk(roles, (key, options) => {
    if (key === 'GET /moderation/reels') {
      const filter = options?.query?.filter;
      const shown = items.filter((r) => (filter === 'hidden' ? r.status === 'hidden' : filter === 'reported' ? r.reports.open > 0 : true));
      return Promise.resolve({ items: shown, nextCursor: null } satisfies DeskReelsPage);
    }
    if (key === 'POST /moderation/reels/:id/hide') return Promise.resolve(reel({ status: 'hidden', hiddenReason: 'x' }));
    if (key === 'POST /moderation/reels') return Promise.resolve(reel({ id: 8 }));
    return undefined;
  });
}

const show = () => showDesk('/shorts-crud', <ReelsDeskPage />, 'Reels desk');

afterEach(closeDesk);

describe('ReelsDeskPage', () => {
  it('tells a plain user calmly that the screen is not for their account, and asks the server nothing about reels', async () => {
    const spy = serve(['user']);
    await show();
    expect(await screen.findByText(/This screen is for moderators/)).toBeInTheDocument();
    expect(callsOf(spy, 'GET /moderation/reels')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Add hosted video' })).not.toBeInTheDocument();
  }, 30_000);

  it('lists reels with their reports, and asks the server for the chosen filters', async () => {
    const spy = serve(
      ['user', 'moderator'],
      [
        reel(),
        reel({
          id: 9,
          title: 'Quiet street',
          status: 'hidden',
          hiddenReason: 'Shows a number plate',
          reports: { count: 0, open: 0, reasons: [], latestDetails: [] },
        }),
      ],
    );
    await show();
    const card = await screen.findByRole('article', { name: 'Flooded underpass' });
    expect(within(card).getByText('2 reports · 2 open reports')).toBeInTheDocument();
    expect(within(card).getByText('Violence × 2')).toBeInTheDocument();
    expect(within(card).getByText('“Shows an injured man”')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Quiet street' })).getByText('Hidden: Shows a number plate')).toBeInTheDocument();
    expect(callsOf(spy, 'GET /moderation/reels').at(-1)?.query).toEqual({ filter: 'all' });

    await userEvent.click(screen.getByRole('button', { name: 'Reported' }));
    await waitFor(() => expect(callsOf(spy, 'GET /moderation/reels').at(-1)?.query).toEqual({ filter: 'reported' }));
    expect(screen.getByRole('button', { name: 'Reported' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('article', { name: 'Flooded underpass' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Quiet street' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Hosted video' }));
    await waitFor(() => expect(callsOf(spy, 'GET /moderation/reels').at(-1)?.query).toEqual({ filter: 'reported', source: 'hosted' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Show only reels by Arjun Nair' }));
    await waitFor(() => expect(callsOf(spy, 'GET /moderation/reels').at(-1)?.query).toEqual({ filter: 'reported', source: 'hosted', author: 24 }));
    expect(screen.getByText('By Arjun Nair')).toBeInTheDocument();
  }, 30_000);

  it('hides a reel only with a reason, and sends that reason', async () => {
    const spy = serve(['user', 'moderator']);
    await show();
    const card = await screen.findByRole('article', { name: 'Flooded underpass' });
    await userEvent.click(within(card).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this reel?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(within(dialog).getByText('Write the reason.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(callsOf(spy, 'POST /moderation/reels/:id/hide')).toEqual([]);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Shows a child’s face  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(callsOf(spy, 'POST /moderation/reels/:id/hide')).toEqual([{ params: { id: 7 }, body: { reason: 'Shows a child’s face' } }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Reel hidden. The author has been told.')).toBeInTheDocument();
  }, 30_000);

  it('adds a hosted reel only with a valid 11-character id and a title', async () => {
    const spy = serve(['user', 'admin']);
    await show();
    await userEvent.click(await screen.findByRole('button', { name: 'Add hosted video' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a hosted video' });
    const id = within(dialog).getByRole('textbox', { name: /Video id/ });
    await userEvent.type(id, 'dQw4w9WgXc');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add hosted video' }));
    expect(within(dialog).getByText('Enter the 11-character video id, or a link to the video.')).toBeInTheDocument();
    expect(within(dialog).getByText('Write a title.')).toBeInTheDocument();
    expect(callsOf(spy, 'POST /moderation/reels')).toEqual([]);

    await userEvent.type(id, 'Q');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Road safety');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add hosted video' }));
    await waitFor(() => expect(callsOf(spy, 'POST /moderation/reels')).toEqual([{ body: { videoId: 'dQw4w9WgXcQ', title: 'Road safety' } }]));
  }, 30_000);
});

describe('desk rules', () => {
  it('reads a video id from an id or a link, and nothing else', () => {
    expect(hostedVideoId('dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(hostedVideoId('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(hostedVideoId('dQw4w9WgXc')).toBeUndefined();
    expect(hostedVideoId('dQw4w9WgX!Q')).toBeUndefined();
    expect(hostedVideoId('https://example.com/watch?v=dQw4w9WgXcQ')).toBeUndefined();
  });

  it('wants a reason of at most 500 characters', () => {
    expect(reasonError('  ')).toBe('reasonRequired');
    expect(reasonError('x'.repeat(501))).toBe('reasonTooLong');
    expect(reasonError(' Spam ')).toBeNull();
  });
});
