import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SosAcceptedUsersResponse, SosFeedbackBody, User } from '@saathi/shared';
import { jsonResponse, stubFetch } from '../../../test/contract-answers';
import { page, renderRoutes } from '../../../test/render';
import { clearSession, setSession } from '../../../entities/session';
import { RatingDialog, type RatingSource } from './rating-dialog';
import { canSubmit, feedbackPayload, shouldCloseOnSwipe, toFeedbackRows } from './rating-rows';

const EVENT_ID = 42;
/** errors.json's text for feedback_already_given. */
const ALREADY_RATED = 'You have already rated this volunteer for this SOS.';
const OWNER_ID = 2;

function acceptedUsers(overrides: { threat?: SosAcceptedUsersResponse[number]['threat']; rated?: boolean } = {}): SosAcceptedUsersResponse {
  return [
    {
      id: EVENT_ID,
      threat: overrides.threat === undefined ? 'medical' : overrides.threat,
      createdAt: '2026-01-10T10:00:00.000Z',
      status: 'resolved',
      notifications: [
        {
          id: 1,
          eventId: EVENT_ID,
          feedbackAdded: true,
          recipient: { id: 13, referralId: 'FARHAN13', receivedFeedbacks: [{ rating: 5, feedbackText: 'Came in minutes' }] },
        },
        {
          id: 2,
          eventId: EVENT_ID,
          feedbackAdded: overrides.rated ?? false,
          recipient: { id: 3, referralId: 'ANIL03', receivedFeedbacks: overrides.rated ? [{ rating: 4, feedbackText: 'Good' }] : [] },
        },
      ],
    },
  ];
}

const json = (body: unknown, status = 200): Response => jsonResponse(status, body);

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/** Answers fetch with `handler`, checked against the contract; returns the mock, to read the calls made. */
function serve(handler: Handler) {
  return stubFetch(async (input: string, init?: RequestInit) => handler(new URL(input, 'http://localhost'), init));
}

async function renderDialog(source: RatingSource = 'history') {
  const onHide = vi.fn();
  const view = await renderRoutes(
    [page('/sos-mode', <RatingDialog eventId={EVENT_ID} source={source} open onHide={onHide} />), page('/', <p>Dashboard home</p>)],
    `/sos-mode?sosEventId=${EVENT_ID}`,
  );
  return { ...view, onHide };
}

describe('rating rules', () => {
  it('maps the accepted-users response to SPEC.md feedback rows', () => {
    const rows = toFeedbackRows(acceptedUsers({ threat: null }));
    expect(rows).toEqual([
      {
        id: 13,
        name: 'FARHAN13',
        rating: 5,
        feedback: 'Came in minutes',
        eventId: EVENT_ID,
        threat: null,
        createdAt: '2026-01-10T10:00:00.000Z',
        feedbackAdded: true,
      },
      { id: 3, name: 'ANIL03', rating: 0, feedback: '', eventId: EVENT_ID, threat: null, createdAt: '2026-01-10T10:00:00.000Z', feedbackAdded: false },
    ]);
  });

  it("sends '' as 'Good' and the status 'Resolved'", () => {
    expect(feedbackPayload(OWNER_ID, { id: 3, rating: 4, feedback: '   ', eventId: EVENT_ID })).toEqual({
      feedBackData: { feedbackGiverId: OWNER_ID, feedbackReceiverId: 3, rating: 4, eventId: EVENT_ID, feedbackText: 'Good', status: 'Resolved' },
    });
    expect(feedbackPayload(OWNER_ID, { id: 3, rating: 2, feedback: ' Late ', eventId: EVENT_ID }).feedBackData.feedbackText).toBe('Late');
  });

  it('allows a submit only with a rating, not while loading, never twice', () => {
    expect(canSubmit({ rating: 0, feedbackAdded: false }, false)).toBe(false);
    expect(canSubmit({ rating: 3, feedbackAdded: false }, true)).toBe(false);
    expect(canSubmit({ rating: 3, feedbackAdded: true }, false)).toBe(false);
    expect(canSubmit({ rating: 1, feedbackAdded: false }, false)).toBe(true);
  });

  it('closes on a swipe of 100 px or more', () => {
    expect(shouldCloseOnSwipe(200, 299)).toBe(false);
    expect(shouldCloseOnSwipe(200, 300)).toBe(true);
    expect(shouldCloseOnSwipe(300, 100)).toBe(false);
  });
});

describe('RatingDialog', () => {
  beforeEach(() => {
    setSession({ id: OWNER_ID, name: 'Priya Sharma' } as User);
  });
  afterEach(() => {
    // Unmount before signing out, so the sign-out does not re-render a mounted dialog.
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });

  it('loads the volunteers of the event for the signed-in owner, with skeletons first', async () => {
    let release: () => void = () => undefined;
    const fetchMock = serve(async (url) => {
      await new Promise<void>((resolve) => (release = resolve));
      expect(url.pathname).toBe('/api/sos/sos-accepted-users');
      return json(acceptedUsers({ threat: null }));
    });
    await renderDialog();
    expect(await screen.findByLabelText('Loading')).toHaveAttribute('aria-busy', 'true');
    release();
    expect(await screen.findByRole('heading', { name: 'Rate Your Volunteer Heros!' })).toBeInTheDocument();
    const url = new URL(fetchMock.mock.calls[0]?.[0] as string | URL, 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ userId: String(OWNER_ID), eventId: String(EVENT_ID) });
    expect(screen.getByRole('heading', { name: 'FARHAN13' })).toBeInTheDocument();
    expect(screen.getAllByText('Emergency Alert')).toHaveLength(2);
  });

  it('locks the stars and the text of a volunteer already rated', async () => {
    serve(() => json(acceptedUsers()));
    await renderDialog();
    const rated = await screen.findByRole('listitem', { name: 'FARHAN13' });
    expect(within(rated).getByRole('img', { name: '5 Stars' })).toBeInTheDocument();
    expect(within(rated).queryByRole('radio')).toBeNull();
    expect(within(rated).getByRole('textbox', { name: 'Feedback' })).toHaveAttribute('readonly');
    expect(within(rated).getByRole('textbox', { name: 'Feedback' })).toHaveValue('Came in minutes');
    expect(within(rated).queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it("keeps Submit disabled until a star is chosen, sends 'Good' and reloads the list", async () => {
    let rated = false;
    const posts: unknown[] = [];
    serve((url, init) => {
      if (init?.method === 'POST') {
        const { feedBackData: sent } = JSON.parse(init.body as string) as SosFeedbackBody;
        posts.push({ feedBackData: sent });
        rated = true;
        const feedback = { ...sent, id: 9, feedbackText: sent.feedbackText ?? '', status: sent.status ?? 'Resolved', createdAt: '2026-01-10T11:00:00.000Z' };
        return json({ ok: true, feedback }, 201);
      }
      return json(acceptedUsers({ rated }));
    });
    const user = userEvent.setup();
    await renderDialog();
    const row = await screen.findByRole('listitem', { name: 'ANIL03' });
    const submit = within(row).getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await user.click(within(row).getByRole('radio', { name: '4 Stars' }));
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() => expect(within(screen.getByRole('listitem', { name: 'ANIL03' })).getByRole('img', { name: '4 Stars' })).toBeInTheDocument());
    expect(posts).toEqual([
      { feedBackData: { feedbackGiverId: OWNER_ID, feedbackReceiverId: 3, rating: 4, eventId: EVENT_ID, feedbackText: 'Good', status: 'Resolved' } },
    ]);
    expect(within(screen.getByRole('listitem', { name: 'ANIL03' })).getByRole('textbox', { name: 'Feedback' })).toHaveAttribute('readonly');
  });

  it("shows 'Failed to submit feedback' when the submit fails", async () => {
    serve((_url, init) =>
      init?.method === 'POST' ? json({ error: { code: 'internal_error', message: 'Something went wrong' } }, 500) : json(acceptedUsers()),
    );
    const user = userEvent.setup();
    await renderDialog();
    const row = await screen.findByRole('listitem', { name: 'ANIL03' });
    await user.click(within(row).getByRole('radio', { name: '2 Stars' }));
    await user.type(within(row).getByRole('textbox', { name: 'Feedback' }), 'Thanks');
    await user.click(within(row).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Failed to submit feedback')).toBeInTheDocument();
  });

  it('says why the server refused a rating, in words', async () => {
    serve((_url, init) =>
      init?.method === 'POST'
        ? json(
            { error: { code: 'feedback_already_given', message: 'You already rated this volunteer for this SOS', field: 'feedBackData.feedbackReceiverId' } },
            409,
          )
        : json(acceptedUsers()),
    );
    const user = userEvent.setup();
    await renderDialog();
    const row = await screen.findByRole('listitem', { name: 'ANIL03' });
    await user.click(within(row).getByRole('radio', { name: '5 Stars' }));
    await user.click(within(row).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(ALREADY_RATED)).toBeInTheDocument();
  });

  it("says 'Volunteer Not Found For this Event !' with an image when nobody accepted", async () => {
    serve(() => json([{ ...acceptedUsers()[0], notifications: [] }]));
    await renderDialog();
    expect(await screen.findByText('Volunteer Not Found For this Event !')).toBeInTheDocument();
    expect(screen.queryByText('Rate Your Volunteer Heros!')).toBeNull();
    expect(screen.getByRole('dialog').querySelector('img')).toHaveAttribute('src', expect.stringMatching(/volunteer-not-found|^data:image\/svg/));
  });

  it("shows 'Failed to load volunteer data' when the list cannot load", async () => {
    serve(() => json({ error: { code: 'internal_error', message: 'boom' } }, 500));
    await renderDialog();
    expect(await screen.findByText('Failed to load volunteer data')).toBeInTheDocument();
  });

  it('is persistent, and from SOS mode closing it returns to the dashboard', async () => {
    serve(() => json(acceptedUsers()));
    const user = userEvent.setup();
    const { router, onHide } = await renderDialog('sosmode');
    await screen.findByRole('heading', { name: 'Rate Your Volunteer Heros!' });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onHide).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onHide).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('closes on a swipe down of 100 px but not less', async () => {
    serve(() => json(acceptedUsers()));
    const { onHide, router } = await renderDialog('history');
    const sheet = await screen.findByRole('dialog');
    fireEvent.touchStart(sheet, { touches: [{ clientY: 300 }] });
    fireEvent.touchEnd(sheet, { changedTouches: [{ clientY: 380 }] });
    expect(onHide).not.toHaveBeenCalled();
    fireEvent.touchStart(sheet, { touches: [{ clientY: 300 }] });
    fireEvent.touchMove(sheet, { touches: [{ clientY: 360 }] });
    fireEvent.touchEnd(sheet, { changedTouches: [{ clientY: 400 }] });
    expect(onHide).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/sos-mode');
  });
});
