import { BUSINESS_CATEGORIES } from '@saathi/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { page, renderRoutes } from '../../test/render';
import { getSession } from '../../entities/session';
import { makeSavedLocation, makeUser, mockApi, signIn } from '../../test/user';
import { AccountPage } from './account-page';
import { loadResponderSettings } from '../responders/lazy';

// The volunteering tab loads the responder settings lazily: a test may end before that import
// has, and a worker that ends with it still loading fails ("after the environment was torn
// down"). The file waits for it before it ends.
afterAll(async () => {
  await loadResponderSettings();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const completedUser = makeUser({
  name: 'Priya Sharma',
  profileCompleted: true,
  emergencyContacts: [{ name: 'Meena Sharma', phoneNumber: '9876543210', relation: 'mother' }],
  locations: [makeSavedLocation(), makeSavedLocation({ id: 2, name: 'Shop', at: { latitude: 23.03, longitude: 72.58 } })],
});

async function renderAccount(path = '/account', handlers: Parameters<typeof mockApi>[1] = {}) {
  signIn(completedUser);
  const api = mockApi(completedUser, handlers);
  const view = await renderRoutes([page('/account', <AccountPage />), page('/login', <h1>Login page</h1>)], path);
  await screen.findByRole('tablist', { name: 'Account sections' });
  return { ...view, api };
}

describe('account page', { timeout: 30_000 }, () => {
  it('offers every tab by its English name and opens the one in the URL', async () => {
    await renderAccount('/account?tab=sos');
    const names = within(screen.getByRole('tablist'))
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(names).toEqual([
      'Profile',
      'Emergency contacts',
      'Saved locations',
      'SOS',
      'Volunteering',
      'Business',
      'News',
      'Local alerts',
      'Language and privacy',
    ]);
    expect(screen.getByRole('tab', { name: 'SOS' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('SOS');
  });

  it('saves the SOS preferences with one PATCH and confirms with a toast', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = await renderAccount('/account?tab=sos');

    await user.click(screen.getByRole('switch', { name: 'Record audio and video' }));
    await user.click(screen.getByRole('switch', { name: 'Broadcast audio to volunteers' }));
    const slider = screen.getByRole('slider', { name: /SOS countdown/ });
    act(() => slider.focus());
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.patches()).toEqual([
      {
        startAudioVideoRecordOnSos: true,
        streamAudioVideoOnSos: false,
        broadcastAudioOnSos: true,
        sosCountdownSeconds: 5,
      },
    ]);
    expect(getSession()?.user.startAudioVideoRecordOnSos).toBe(true);
  });

  it('saves the news choices and the breaking-news alerts together', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = await renderAccount('/account?tab=news');

    await user.click(screen.getByRole('checkbox', { name: 'Health' }));
    await user.click(screen.getByRole('radio', { name: 'Breaking news only' }));
    const alerts = screen.getByRole('switch', { name: 'Alert me to breaking news' });
    expect(alerts).toHaveAccessibleDescription('At most two a day, never between 10 pm and 7 am.');
    await user.click(alerts);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.patches()).toEqual([{ newsPreferences: { language: 'en', categories: ['health'], newsType: 'breaking' }, breakingNewsAlerts: true }]);
  });

  it('saves "Show me on leaderboards" as soon as it is switched, and explains what others see', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = await renderAccount('/account?tab=language');

    const toggle = screen.getByRole('switch', { name: 'Show me on leaderboards' });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(
      'Others see your first name, the initial of your last name, your score and your rank. People under 18 are never shown.',
    );
    await user.click(toggle);

    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.patches()).toEqual([{ showOnLeaderboard: false }]);
    expect(toggle).not.toBeChecked();
    expect(getSession()?.user.showOnLeaderboard).toBe(false);
  });

  it('puts the switch back when saving it fails', async () => {
    const user = userEvent.setup({ delay: null });
    await renderAccount('/account?tab=language', {
      'PATCH /api/users/me': () => ({ status: 500, body: { error: { code: 'internal_error', message: 'boom' } } }),
    });

    const toggle = screen.getByRole('switch', { name: 'Show me on leaderboards' });
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('lists every business category under its group and saves the business location', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = await renderAccount('/account?tab=business');

    const category = screen.getByRole('combobox', { name: 'Business category' });
    const options = within(category).getAllByRole('option');
    expect(
      options
        .map((option) => (option as HTMLOptionElement).value)
        .filter(Boolean)
        .sort(),
    ).toEqual([...BUSINESS_CATEGORIES].sort());
    expect(within(category).getByRole('group', { name: 'Food & Dining' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Business name' }), 'Sharma Sweets');
    await user.selectOptions(category, 'desserts');
    await user.type(screen.getByRole('textbox', { name: 'WhatsApp number' }), '12345');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Business location' }), 'Shop');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // An invalid WhatsApp number is caught before anything is sent.
    expect(screen.getByRole('textbox', { name: 'WhatsApp number' })).toHaveAccessibleDescription('Enter a valid 10-digit WhatsApp number');
    expect(api.patches()).toHaveLength(0);

    await user.clear(screen.getByRole('textbox', { name: 'WhatsApp number' }));
    await user.type(screen.getByRole('textbox', { name: 'WhatsApp number' }), '9898989898');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.patches()).toHaveLength(1));
    expect(api.patches()[0]).toEqual({
      businessName: 'Sharma Sweets',
      businessCategory: 'desserts',
      whatsappNumber: '9898989898',
      locations: [expect.objectContaining({ name: 'Home', isBusinessLocation: false }), expect.objectContaining({ name: 'Shop', isBusinessLocation: true })],
    });
  });

  it('marks saved locations as volunteer locations', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = await renderAccount('/account?tab=volunteering');

    await user.click(screen.getByRole('switch', { name: 'Available to help people nearby' }));
    await user.click(screen.getByRole('switch', { name: 'Share my live location while available' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Profession' }), 'Doctor Emergency');
    await user.click(screen.getByRole('checkbox', { name: 'Volunteer at Home' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.patches()).toHaveLength(1));
    expect(api.patches()[0]).toEqual({
      availableForCommunity: true,
      availableForPaidProfessionalService: false,
      shareLiveLocation: true,
      profession: 'Doctor Emergency',
      locations: [expect.objectContaining({ name: 'Home', isVolunteerLocation: true }), expect.objectContaining({ name: 'Shop', isVolunteerLocation: false })],
    });
  });

  it('shows a server 400 on the named field and keeps the typed value', async () => {
    const user = userEvent.setup({ delay: null });
    await renderAccount('/account?tab=profile', {
      'PATCH /api/users/me': () => ({
        status: 400,
        body: { error: { code: 'validation_error', message: 'Enter a valid email', field: 'email' } },
      }),
    });
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'priya@example.in');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const email = screen.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveAccessibleDescription('Enter a valid email address'));
    expect(email).toHaveValue('priya@example.in');
    expect(await screen.findByText('Some details need attention.')).toBeInTheDocument();
  });

  it('shows a refused date-of-birth change in the app language, under the field and in the toast', async () => {
    const user = userEvent.setup({ delay: null });
    await renderAccount('/account?tab=profile', {
      'PATCH /api/users/me': () => ({
        status: 400,
        body: {
          error: {
            code: 'dob_change_not_allowed',
            message:
              'This date of birth would move you into an older age group (13+ or 18+), so it cannot be changed here. Please contact Saathi support to change it.',
            field: 'dob',
          },
        },
      }),
    });
    await user.type(screen.getByLabelText('Date of birth'), '1990-01-01');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const expected =
      'Your date of birth cannot be changed to a date that puts you in an older age group (13+ or 18+). Please contact Saathi support to change it.';
    const dob = screen.getByLabelText('Date of birth');
    await waitFor(() => expect(dob).toHaveAccessibleDescription(expected));
    expect(dob).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByRole('alert')).toHaveTextContent(expected);
  });

  it('logs out: revokes the token on the server, clears the session and goes to /login', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, router } = await renderAccount('/account', {
      'POST /api/auth/logout': () => ({ status: 200, body: { ok: true } }),
    });
    await user.click(screen.getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.requests.some((r) => r.method === 'POST' && r.path === '/api/auth/logout')).toBe(true);
    expect(getSession()).toBeNull();
  });
});
