import type { Reel, ReelComment } from '@saathi/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerOf } from '../../test/contract-answers';
import { page, renderRoutes } from '../../test/render';
import { ReelComments } from './reel-comments';
import { reelsApi } from './reels-api';

const reel = { id: 7, title: 'Flooded lane', comments: 1 } as Reel;
const comment = (id: number, text: string): ReelComment => ({
  id,
  userId: 3,
  comment_text: text,
  createdAt: new Date().toISOString(),
  user: { id: 3, name: 'Asha Verma', avatar: null },
});

afterEach(() => vi.restoreAllMocks());

describe('ReelComments', () => {
  it('lists comments, refreshes them every 5 s while open, and sends a trimmed comment on Enter', async () => {
    // Catch the panel's refresh timer instead of faking all timers (MUI transitions use them too).
    const realSetInterval = window.setInterval.bind(window);
    const refreshers: (() => void)[] = [];
    vi.spyOn(window, 'setInterval').mockImplementation(((handler: () => void, ms?: number) => {
      // 5 s is what the title promises, pinned as a number rather than read back from the component.
      if (ms === 5000) {
        refreshers.push(handler);
        return 0;
      }
      return realSetInterval(handler, ms);
    }) as typeof window.setInterval);
    // Each answer is released right before a findBy* starts waiting, so its update lands while
    // Testing Library expects asynchronous updates.
    let firstAnswer: (value: ReelComment[]) => void = () => undefined;
    const list = vi.spyOn(reelsApi, 'comments').mockReturnValueOnce(new Promise((resolve) => (firstAnswer = resolve)));
    const add = vi.spyOn(reelsApi, 'addComment');
    const onAdded = vi.fn();
    await renderRoutes([page('/', <ReelComments reel={reel} userId={3} onClose={() => undefined} onAdded={onAdded} />)], '/');

    firstAnswer(answerOf('GET /incidents/reels-comments', [comment(1, 'Stay safe')]));
    expect(await screen.findByText('Stay safe')).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith(7);
    const calls = list.mock.calls.length;
    expect(refreshers).toHaveLength(1);
    list.mockResolvedValue(answerOf('GET /incidents/reels-comments', [comment(3, 'Road is clear now'), comment(1, 'Stay safe')]));
    refreshers[0]!();
    expect(await screen.findByText('Road is clear now')).toBeInTheDocument();
    expect(list.mock.calls.length).toBe(calls + 1);

    const user = userEvent.setup();
    const box = screen.getByRole('textbox', { name: 'Add a comment' });
    await user.type(box, '   {Enter}');
    expect(add).not.toHaveBeenCalled();
    await user.clear(box);
    // The answer is released inside act, so the updates that follow it land there.
    let answer: (value: ReelComment) => void = () => undefined;
    add.mockImplementation(() => new Promise<ReelComment>((resolve) => (answer = resolve)));
    await user.type(box, '  On my way  {Enter}');
    expect(add).toHaveBeenCalledWith(3, 7, 'On my way');
    await act(async () => answer(answerOf('POST /incidents/add-comment', comment(2, 'On my way'))));
    expect(await screen.findByText('On my way')).toBeInTheDocument();
    expect(onAdded).toHaveBeenCalledWith(7);
    await waitFor(() => expect(box).toHaveValue(''));
  });
});
