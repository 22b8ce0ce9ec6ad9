import type { Reel } from '@saathi/shared';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { stubApiCall } from '../../test/contract-answers';
import { page, renderRoutes } from '../../test/render';
import { ReportReelDialog } from './report-reel-dialog';
import { ReportContentDialog } from '../moderation';

/** What each report endpoint answers: a reported post is hidden from its reporter at once. */
const reported = (key: string) => (key === 'POST /posts/:postId/report' ? { reported: true, hidden: true } : { reported: true });

/** Answers the report call with `answer` and records it. */
const serve = (answer: (key: string) => Promise<unknown> = (key) => Promise.resolve(reported(key))) => stubApiCall(answer);

async function open(dialog: React.ReactElement, title: string) {
  await renderRoutes([page('/', dialog)], '/');
  return { user: userEvent.setup(), dialog: await screen.findByRole('dialog', { name: title }) };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('reporting a post, a comment or a reel: one dialog', () => {
  it('offers the nine IT Rules reasons, sends the chosen one and the trimmed note to the reel endpoint, and thanks the reporter', async () => {
    const spy = serve();
    const onClose = vi.fn();
    const { user, dialog } = await open(<ReportReelDialog reel={{ id: 7 } as Reel} onClose={onClose} />, 'Report this reel');
    const send = within(dialog).getByRole('button', { name: 'Send report' });
    // No reason yet: nothing to send.
    expect(send).toBeDisabled();
    expect(within(dialog).getAllByRole('radio')).toHaveLength(9);
    await user.click(within(dialog).getByRole('radio', { name: 'Violence or threats' }));
    await user.click(within(dialog).getByRole('textbox', { name: /Note for the moderators/ }));
    await user.paste('  Shows an injured man  ');
    await user.click(send);
    expect(spy.mock.calls).toEqual([
      ['POST /incidents/reels/:id/report', { params: { id: 7 }, body: { reason: 'violence', details: 'Shows an injured man' } }],
    ]);
    expect(await screen.findByText('Thank you. The moderators will look at it.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  }, 30_000);

  it.each([
    [{ type: 'post', id: 3 }, 'Report this post', ['POST /posts/:postId/report', { params: { postId: 3 }, body: { reason: 'spam' } }]],
    [{ type: 'comment', id: 9 }, 'Report this comment', ['POST /comments/:id/report', { params: { id: 9 }, body: { reason: 'spam' } }]],
  ] as const)(
    'sends a %o report to its own endpoint, without an empty note',
    async (target, title, call) => {
      const spy = serve();
      const { user, dialog } = await open(<ReportContentDialog target={target} onClose={() => undefined} />, title);
      await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
      await user.click(within(dialog).getByRole('textbox', { name: /Note for the moderators/ }));
      await user.paste('   ');
      await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
      expect(spy.mock.calls).toEqual([call]);
    },
    30_000,
  );

  it('says so when the person has reported it before, and keeps the dialog open', async () => {
    serve(() => Promise.reject(new ApiError(409, 'reel_already_reported', 'You have reported this reel already')));
    const { user, dialog } = await open(<ReportReelDialog reel={{ id: 7 } as Reel} onClose={() => undefined} />, 'Report this reel');
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('You have already reported this reel. The moderators will look at it.')).toBeInTheDocument();
  }, 30_000);
});
