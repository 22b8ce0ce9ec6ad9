import type { Reel } from '@saathi/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerOf, stubApiCall } from '../../test/contract-answers';
import { page, renderRoutes } from '../../test/render';
import { ReelItem } from './reel-item';
import { reelTextBody } from '../../entities/reel';
import { reelsApi } from './reels-api';
import { makeReel } from '../../test/reels';

const AUTHOR = 24;
const LONG = 'Water has entered the underpass near the railway station and two cars are stuck, please take the bridge road instead until it is cleared.';

// A hosted reel, so no <video> element (jsdom cannot play one) is involved.
const reel = (values: Partial<Reel> = {}): Reel =>
  makeReel({
    title: 'Flooded underpass',
    description: 'Avoid the station road.',
    videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
    videoSource: 'youtube',
    videoId: 'dQw4w9WgXcQ',
    uploader: { id: AUTHOR, name: 'Priya Sharma', avatar: null },
    ...values,
  });

async function show(value: Reel, viewer: number, onEdited = vi.fn()) {
  vi.spyOn(reelsApi, 'checkLike').mockResolvedValue(answerOf('GET /incidents/check-like', false));
  await renderRoutes(
    [
      page(
        '/',
        <ReelItem
          reel={value}
          index={0}
          userId={viewer}
          autoplay={false}
          onActive={() => undefined}
          onOpenComments={() => undefined}
          commentCount={value.comments}
          onEdited={onEdited}
        />,
      ),
    ],
    '/',
  );
  const item = await screen.findByTestId('reel');
  // The like check settles.
  await act(() => Promise.resolve());
  return { item, onEdited };
}

afterEach(() => vi.restoreAllMocks());

describe('ReelItem', () => {
  it('shows the title and caption, and counts with their words instead of bare zeros', async () => {
    const { item } = await show(reel({ likes: 1, comments: 0, shares: 12 }), 3);
    expect(within(item).getByRole('heading', { name: 'Flooded underpass' })).toBeInTheDocument();
    expect(within(item).getByText('Avoid the station road.')).toBeInTheDocument();
    expect(within(item).getByText('Priya Sharma')).toBeInTheDocument();
    // Screen readers hear the phrase; the eye sees the number (nothing at zero).
    expect(within(item).getByText('1 like')).toBeInTheDocument();
    expect(within(item).getByText('0 comments')).toBeInTheDocument();
    expect(within(item).getByText('12 shares')).toBeInTheDocument();
    expect(within(item).getByTestId('reel-likes')).toHaveTextContent(/^1$/);
    expect(within(item).getByTestId('reel-comments-count')).toHaveTextContent(/^$/);
    expect(within(item).getByTestId('reel-shares')).toHaveTextContent(/^12$/);
    expect(within(item).getByTestId('reel-likes')).toHaveAttribute('aria-hidden', 'true');
    // Only the author may edit.
    expect(within(item).queryByRole('button', { name: 'Edit title and caption' })).not.toBeInTheDocument();
  });

  it('folds a long caption to 15 words with Read More, and opens it again', async () => {
    const { item } = await show(reel({ description: LONG }), 3);
    const caption = within(item).getByTestId('reel-description');
    expect(caption).toHaveTextContent('Water has entered the underpass near the railway station and two cars are stuck, please…');
    expect(caption).not.toHaveTextContent('until it is cleared');
    const user = userEvent.setup();
    await user.click(within(item).getByRole('button', { name: 'Read More' }));
    expect(caption).toHaveTextContent('until it is cleared.');
    expect(within(item).getByRole('button', { name: 'Read Less' })).toHaveAttribute('aria-expanded', 'true');
    // Ten words or fewer: no Read More.
    await user.click(within(item).getByRole('button', { name: 'Read Less' }));
    expect(within(item).getByRole('button', { name: 'Read More' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('lets the author edit the title and caption, sending only what changed', async () => {
    const { item, onEdited } = await show(reel(), AUTHOR);
    const edit = vi
      .spyOn(reelsApi, 'edit')
      .mockImplementation((id, changes) => Promise.resolve(answerOf('PATCH /incidents/reels/:id', reel({ id, ...changes }))));
    const user = userEvent.setup();
    await user.click(within(item).getByRole('button', { name: 'Edit title and caption' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit reel' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Flooded underpass');
    expect(title).toHaveAttribute('maxlength', '50');
    expect(within(dialog).getByRole('textbox', { name: 'Caption' })).toHaveAttribute('maxlength', '1000');
    await user.clear(title);
    await user.type(title, '  Use the bridge  ');
    await user.click(save);
    expect(edit).toHaveBeenCalledWith(7, { title: 'Use the bridge' });
    expect(onEdited).toHaveBeenCalledWith(expect.objectContaining({ id: 7, title: 'Use the bridge', description: 'Avoid the station road.' }));
    expect(await screen.findByText('Reel updated')).toBeInTheDocument();
  }, 15_000);

  it('keeps the dialog open and says so when saving fails', async () => {
    const { item, onEdited } = await show(reel(), AUTHOR);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(reelsApi, 'edit').mockRejectedValue(new Error('offline'));
    const user = userEvent.setup();
    await user.click(within(item).getByRole('button', { name: 'Edit title and caption' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit reel' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Caption' }), ' Police are there.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Could not save your changes. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit reel' })).toBeInTheDocument();
    expect(onEdited).not.toHaveBeenCalled();
  }, 15_000);
});

describe('the upload call', () => {
  it('sends the title and caption with SPEC.md fields, trimmed, and leaves empty ones out', async () => {
    const call = stubApiCall(() => reel());
    await reelsApi.register(
      '/media/reels/24/a.webm',
      { latitude: 23.02, longitude: 72.57 },
      reelTextBody({ title: '  Fire at the market ', description: ' Smoke everywhere ' }),
    );
    expect(call).toHaveBeenLastCalledWith('POST /incidents/upload', {
      body: {
        videoUrl: '/media/reels/24/a.webm',
        latitude: '23.02',
        longitude: '72.57',
        title: 'Fire at the market',
        description: 'Smoke everywhere',
      },
    });
    await reelsApi.register('/media/reels/24/b.webm', null, reelTextBody({ title: '   ', description: '' }));
    expect(call).toHaveBeenLastCalledWith('POST /incidents/upload', { body: { videoUrl: '/media/reels/24/b.webm' } });
  });

  it('edits through PATCH /incidents/reels/:id', async () => {
    const call = stubApiCall(() => reel());
    await reelsApi.edit(7, { description: 'Cleared now' });
    expect(call).toHaveBeenCalledWith('PATCH /incidents/reels/:id', { params: { id: 7 }, body: { description: 'Cleared now' } });
  });
});
