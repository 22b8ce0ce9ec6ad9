import type { UserDataExport } from '@saathi/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, renderRoutes } from '../../../test/render';
import { getSession } from '../../../entities/session';
import { makeUser, mockApi, signIn } from '../../../test/user';
import { AccountPage } from '../account-page';
import { exportFileName } from './queries';

afterEach(() => {
  vi.unstubAllGlobals();
});

const priya = makeUser({ name: 'Priya Sharma', profileCompleted: true });

/** GET /users/me/export for someone who has done nothing yet but fill in the profile. */
const priyasData: UserDataExport = {
  exportedAt: '2026-11-25T20:00:00.000Z',
  profile: priya,
  emergencyContacts: [],
  places: [],
  posts: [],
  comments: [],
  likes: [],
  reels: [],
  reports: [],
  sosEvents: [],
  sosRatingsGiven: [],
  notifications: [],
  certificates: [],
  pointsLedger: [],
  feedbackTickets: [],
  sessions: [],
  media: [],
  astroCharts: [],
  safetyPins: {},
  safetyTimers: [],
  journeys: [],
  responderVerifications: [],
  responderDuty: {},
  alertReports: [],
  alertSettings: {},
};

async function renderDataTab(handlers: Parameters<typeof mockApi>[1] = {}) {
  signIn(priya);
  const api = mockApi(priya, handlers);
  const view = await renderRoutes([page('/account', <AccountPage />), page('/login', <h1>Login page</h1>)], '/account?tab=language');
  await screen.findByRole('heading', { name: 'Your data' });
  return { ...view, api };
}

const codeSent = { status: 200, body: { sent: true, expiresInSeconds: 300, resendAfterSeconds: 30 } };

describe('Your data', { timeout: 30_000 }, () => {
  it('names the download after the day in India', () => {
    expect(exportFileName(new Date('2026-11-25T20:00:00Z'))).toBe('saathi-data-2026-11-26.json');
  });

  it('downloads the export as a file', async () => {
    const user = userEvent.setup({ delay: null });
    // jsdom has no object URLs; these stand in for the browser's for this test only.
    const saved = Object.getOwnPropertyDescriptors(URL);
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { api } = await renderDataTab({ 'GET /api/users/me/export': () => ({ status: 200, body: priyasData }) });

    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(api.requests.some((r) => r.path === '/api/users/me/export')).toBe(true);
    expect(await screen.findByText('Your data is downloading.')).toBeInTheDocument();
    click.mockRestore();
    Object.defineProperties(URL, {
      createObjectURL: saved.createObjectURL ?? { value: undefined, writable: true },
      revokeObjectURL: saved.revokeObjectURL ?? { value: undefined, writable: true },
    });
  });

  it('explains what is deleted and kept, asks for the SMS code, then signs out to /login with a calm message', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, router } = await renderDataTab({
      'POST /api/users/me/deletion-code': () => codeSent,
      'DELETE /api/users/me': () => ({ status: 200, body: { ok: true } }),
    });

    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByText('What is deleted')).toBeInTheDocument();
    expect(within(dialog).getByText(/without your name, phone number or locations/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    const field = await within(dialog).findByRole('textbox', { name: 'Code from the SMS' });
    await user.type(field, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.requests.find((r) => r.method === 'DELETE' && r.path === '/api/users/me')?.body).toEqual({ code: '123456' });
    expect(getSession()).toBeNull();
    expect(await screen.findByText(/Your account has been deleted/)).toBeInTheDocument();
  });

  it('keeps the account and says so when the code is wrong', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = await renderDataTab({
      'POST /api/users/me/deletion-code': () => codeSent,
      'DELETE /api/users/me': () => ({ status: 400, body: { error: { code: 'incorrect_code', message: 'Incorrect code' } } }),
    });

    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    const field = await within(dialog).findByRole('textbox', { name: 'Code from the SMS' });
    await user.type(field, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Enter the 6-digit code from the SMS.')).toBeInTheDocument();

    await user.type(field, '3456');
    expect(within(dialog).queryByText('Enter the 6-digit code from the SMS.')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(router.state.location.pathname).toBe('/account');
    expect(getSession()).not.toBeNull();
  });
});
