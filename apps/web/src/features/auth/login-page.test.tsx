import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@saathi/shared';
import { LoginPage } from './login-page';
import { getSession, reloadSessionFromStorage } from './session';
import { page, renderRoutes } from '../../test/render';

const newUser = { id: 41, name: null, language: 'en-US', profileCompleted: false, defaultApp: 'sos' } as unknown as User;

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderLogin(path = '/login') {
  return renderRoutes([page('/login/:referrer?', <LoginPage />), page('/profile', <h1>Profile stepper</h1>), page('/', <h1>Dashboard</h1>)], path);
}

describe('login page', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    reloadSessionFromStorage();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('validates the mobile number before calling the server', async () => {
    const user = userEvent.setup();
    await renderLogin();

    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter your mobile number')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '12345');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter a valid 10-digit mobile number')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Mobile number' })).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the text of the error code (not the English server message) next to the field it names', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(json(400, { error: { code: 'validation_error', message: 'This number cannot receive SMS', field: 'phoneNumber' } }));
    await renderLogin();

    await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please check what you entered and try again.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Mobile number' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('This number cannot receive SMS')).not.toBeInTheDocument();
  });

  it('logs in with the code, passes the referrer and opens the profile stepper for a new user', async () => {
    const user = userEvent.setup();
    fetchMock
      .mockResolvedValueOnce(json(200, { sent: true, attemptId: 'attempt-one-aaaaaaaaaaaaaaa', expiresInSeconds: 300, resendAfterSeconds: 30 }))
      .mockResolvedValueOnce(json(400, { error: { code: 'incorrect_code', message: 'Incorrect code', field: 'code' } }))
      .mockResolvedValueOnce(json(200, { token: 'tok-new', user: newUser }));
    await renderLogin('/login/AB12CD34');

    await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '+91 98765 43210');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    const codeField = await screen.findByRole('textbox', { name: 'Enter the 6-digit code' });
    expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
    expect(codeField).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeDisabled();
    expect(screen.getByText('Resend in 30s')).toBeInTheDocument();

    await user.type(codeField, '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code has 6 digits')).toBeInTheDocument();

    await user.clear(codeField);
    await user.type(codeField, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not correct. Check the SMS and try again.')).toBeInTheDocument();

    await user.clear(codeField);
    await user.type(codeField, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Profile stepper' })).toBeInTheDocument();
    expect(getSession()?.user.id).toBe(41);
    // The token in the body is for API clients: the web app keeps nothing a script could steal.
    expect(localStorage.getItem('saathi.session')).not.toContain('tok-new');
    const verifyCall = fetchMock.mock.calls[2];
    expect(verifyCall?.[0]).toBe('/api/auth/otp/verify');
    expect(JSON.parse(verifyCall?.[1]?.body as string)).toEqual({
      phoneNumber: '9876543210',
      code: '123456',
      attemptId: 'attempt-one-aaaaaaaaaaaaaaa',
      referrer: 'AB12CD34',
    });
  });

  it('enables Resend code once the countdown ends', async () => {
    const user = userEvent.setup();
    // A fresh Response per call: a body can be read only once. Each request is its own attempt.
    let attempts = 0;
    fetchMock.mockImplementation((url) =>
      Promise.resolve(
        (url as string).endsWith('/otp/verify')
          ? json(200, { token: 'tok-new', user: newUser })
          : json(200, { sent: true, attemptId: `attempt-${++attempts}-aaaaaaaaaaaaaaaaaaa`, expiresInSeconds: 300, resendAfterSeconds: 1 }),
      ),
    );
    await renderLogin();

    await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const resend = await screen.findByRole('button', { name: 'Resend code' });
    expect(resend).toBeDisabled();
    await waitFor(() => expect(resend).toBeEnabled(), { timeout: 2500 });

    await user.click(resend);
    expect(await screen.findByText('A new code has been sent.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // The code of the resend is checked against the resend's attempt.
    await user.type(screen.getByRole('textbox', { name: 'Enter the 6-digit code' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Profile stepper' })).toBeInTheDocument();
    expect(JSON.parse(fetchMock.mock.calls[2]?.[1]?.body as string)).toMatchObject({ code: '654321', attemptId: 'attempt-2-aaaaaaaaaaaaaaaaaaa' });
  });
});
