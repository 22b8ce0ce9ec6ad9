import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginPage } from './login-page';
import { getSession, reloadSessionFromStorage } from '../../entities/session';
import { page, renderRoutes } from '../../test/render';
import { jsonResponse, stubFetch } from '../../test/contract-answers';
import { makeUser } from '../../test/user';

// The proof-of-work widget needs Web Workers, which jsdom lacks: here it is a button that hands
// over a solution (the real widget solves in Chromium: e2e/tests/login-challenge.spec.ts).
vi.mock('./human-check', () => ({
  HumanCheck: ({ challenge, onSolved }: { challenge: { parameters: { nonce: string } }; onSolved: (payload: string) => void }) => (
    <button type="button" onClick={() => onSolved(`solved-${challenge.parameters.nonce}`)}>
      solve
    </button>
  ),
}));

const challenge = (nonce: string) => ({
  parameters: { algorithm: 'PBKDF2/SHA-256', nonce, salt: 's', cost: 100, keyLength: 32, keyPrefix: 'ab', data: { level: 1 } },
  signature: 'sig',
});
const challengeRequired = (nonce: string) => ({
  error: { code: 'challenge_required', message: 'Confirm this request comes from a person', challenge: challenge(nonce) },
});

/** Someone signing in for the first time: no name, the profile not filled in yet. */
const newUser = makeUser({ id: 41, name: null, language: 'en-US', profileCompleted: false, defaultApp: 'sos' });

const json = jsonResponse;

function renderLogin(path = '/login') {
  return renderRoutes([page('/login/:referrer?', <LoginPage />), page('/profile', <h1>Profile stepper</h1>), page('/', <h1>Dashboard</h1>)], path);
}

describe('login page', () => {
  let fetchMock: Mock<typeof fetch>;

  beforeEach(() => {
    reloadSessionFromStorage();
    fetchMock = stubFetch<typeof fetch>();
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

  it('answers a challenge by sending the same request again with its solution, for the code request and for the code', async () => {
    const user = userEvent.setup();
    fetchMock
      .mockResolvedValueOnce(json(428, challengeRequired('first')))
      .mockResolvedValueOnce(json(200, { sent: true, attemptId: 'attempt-one-aaaaaaaaaaaaaaa', expiresInSeconds: 300, resendAfterSeconds: 30 }))
      .mockResolvedValueOnce(json(428, challengeRequired('second')))
      .mockResolvedValueOnce(json(200, { token: 'tok-new', user: newUser }));
    await renderLogin();

    await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    // The page says why it waits; no error is shown, and the request goes again once solved.
    expect(await screen.findByText(/One more step: your phone is checking/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'solve' }));
    await user.type(await screen.findByRole('textbox', { name: 'Enter the 6-digit code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.click(await screen.findByRole('button', { name: 'solve' }));
    expect(await screen.findByRole('heading', { name: 'Profile stepper' })).toBeInTheDocument();

    const bodies = fetchMock.mock.calls.map(([, init]) => JSON.parse(init?.body as string) as Record<string, unknown>);
    expect(bodies).toEqual([
      { phoneNumber: '9876543210' },
      { phoneNumber: '9876543210', altcha: 'solved-first' },
      { phoneNumber: '9876543210', code: '123456', attemptId: 'attempt-one-aaaaaaaaaaaaaaa' },
      { phoneNumber: '9876543210', code: '123456', attemptId: 'attempt-one-aaaaaaaaaaaaaaa', altcha: 'solved-second' },
    ]);
  });

  it('shows how long to wait before another code in minutes and seconds once the wait is a minute or more', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(json(200, { sent: true, attemptId: 'attempt-one-aaaaaaaaaaaaaaa', expiresInSeconds: 300, resendAfterSeconds: 300 }));
    await renderLogin();
    await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Resend in 5:00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeDisabled();
  });
});
