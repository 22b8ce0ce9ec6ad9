import type { Reel } from '@saathi/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { page, renderRoutes } from '../../test/render';
import { ReelItem } from './reel-item';
import { reelsApi } from './reels-api';

const AUTHOR = 24;

const reel: Reel = {
  id: 7,
  title: 'Flooded underpass',
  description: 'Avoid the station road.',
  videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
  videoSource: 'youtube',
  videoId: 'dQw4w9WgXcQ',
  likes: 0,
  comments: 0,
  shares: 0,
  durationMs: null,
  createdAt: new Date(0).toISOString(),
  uploader: { id: AUTHOR, name: 'Priya Sharma', avatar: null },
};

async function show(viewer: number) {
  vi.spyOn(reelsApi, 'checkLike').mockResolvedValue(false);
  await renderRoutes(
    [
      page(
        '/',
        <ReelItem
          reel={reel}
          index={0}
          userId={viewer}
          autoplay={false}
          onActive={() => undefined}
          onOpenComments={() => undefined}
          commentCount={0}
          onEdited={() => undefined}
        />,
      ),
    ],
    '/',
  );
  const item = await screen.findByTestId('reel');
  await act(() => Promise.resolve());
  return item;
}

async function openReport(item: HTMLElement) {
  const user = userEvent.setup();
  await user.click(within(item).getByRole('button', { name: 'More actions' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Report this reel' }) };
}

afterEach(() => vi.restoreAllMocks());

describe('reporting a reel', () => {
  it('sends the chosen reason and the trimmed note, then thanks the reporter', async () => {
    const item = await show(3);
    const report = vi.spyOn(reelsApi, 'report').mockResolvedValue({ reported: true });
    const { user, dialog } = await openReport(item);
    const send = within(dialog).getByRole('button', { name: 'Send report' });
    // No reason yet: nothing to send.
    expect(send).toBeDisabled();
    expect(within(dialog).getAllByRole('radio')).toHaveLength(9);
    await user.click(within(dialog).getByRole('radio', { name: 'Violence' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Anything the moderators should know/ }), '  Shows an injured man  ');
    await user.click(send);
    expect(report).toHaveBeenCalledWith(7, { reason: 'violence', details: 'Shows an injured man' });
    expect(await screen.findByText('Thank you. The moderators will look at this reel.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  }, 15_000);

  it('says so when the person has reported the reel before, and keeps the dialog open', async () => {
    const item = await show(3);
    vi.spyOn(reelsApi, 'report').mockRejectedValue(new ApiError(409, 'reel_already_reported', 'You have reported this reel already'));
    const { user, dialog } = await openReport(item);
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('You have already reported this reel. The moderators will look at it.')).toBeInTheDocument();
  }, 15_000);

  it('is not offered on one’s own reel', async () => {
    const item = await show(AUTHOR);
    expect(within(item).queryByRole('button', { name: 'More actions' })).not.toBeInTheDocument();
  });
});
