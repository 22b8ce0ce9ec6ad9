import type { AlertSettingsBody } from '@saathi/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, renderRoutes } from '../../test/render';
import { NO_SETTINGS } from '../../test/alerts';
import { getSession } from '../../entities/session';
import { ProfileStepperPage } from './profile-stepper-page';
import { makeUser, mockApi, signIn } from '../../test/user';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** No alert kind is chosen until the person chooses (issue 20). */
const NO_ALERTS = NO_SETTINGS;

async function renderStepper(user = makeUser()) {
  signIn(user);
  const api = mockApi(user, {
    'GET /api/users/me/alert-settings': () => ({ status: 200, body: NO_ALERTS }),
    'PUT /api/users/me/alert-settings': ({ body }) => ({ status: 200, body: { ...NO_ALERTS, categories: (body as AlertSettingsBody).categories } }),
  });
  const view = await renderRoutes([page('/profile', <ProfileStepperPage />), page('/news', <h1>News page</h1>), page('/', <h1>SOS page</h1>)], '/profile');
  await screen.findByRole('heading', { name: 'About you' });
  return { ...view, api };
}

// Whole flows through MUI in jsdom take a few seconds each; the default 5 s is too tight on a busy machine.
describe('profile stepper', { timeout: 30_000 }, () => {
  it('walks through the five steps, saving each (the alert choice with its own PUT), and lands by defaultApp', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, router } = await renderStepper();

    await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Priya Sharma');
    await user.type(screen.getByLabelText('Date of birth'), '1998-04-15');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Ahmedabad');
    await user.type(screen.getByRole('textbox', { name: 'State' }), 'Gujarat');
    await user.type(screen.getByRole('textbox', { name: 'PIN code' }), '380009');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Profession' }), 'Nurse');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await screen.findByRole('heading', { name: 'Emergency contacts' });
    expect(api.patches()[0]).toEqual({
      name: 'Priya Sharma',
      dob: '1998-04-15',
      city: 'Ahmedabad',
      state: 'Gujarat',
      pincode: '380009',
      profession: 'Nurse',
    });

    await user.type(screen.getByRole('textbox', { name: 'Contact name' }), 'Meena Sharma');
    await user.type(screen.getByRole('textbox', { name: 'Contact mobile number' }), '+91 98765 43210');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Relation' }), 'mother');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(screen.getByText('Meena Sharma')).toBeInTheDocument();
    expect(screen.getByText('98765 43210 · Mother')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await screen.findByRole('heading', { name: 'Saved locations' });
    expect(api.patches()[1]).toEqual({
      emergencyContacts: [{ name: 'Meena Sharma', phoneNumber: '9876543210', relation: 'mother' }],
    });

    await user.type(screen.getByRole('textbox', { name: 'Latitude' }), '23.0225');
    await user.type(screen.getByRole('textbox', { name: 'Longitude' }), '72.5714');
    await user.type(screen.getByRole('textbox', { name: 'Place name' }), 'Home');
    await user.click(screen.getByRole('button', { name: 'Add location' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await screen.findByRole('heading', { name: 'Local alerts' });
    expect(screen.getByRole('button', { name: 'Skip for now' })).toBeInTheDocument();
    // Off until chosen: nothing is ticked.
    expect(screen.getByRole('checkbox', { name: /Fire/ })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: /Flooding or waterlogging/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await screen.findByRole('heading', { name: 'Preferences' });
    expect(api.requests.filter((r) => r.method === 'PUT' && r.path === '/api/users/me/alert-settings').map((r) => r.body)).toEqual([
      { categories: ['flooding'] },
    ]);
    expect(api.patches()[2]).toEqual({
      locations: [
        {
          name: 'Home',
          isBusinessLocation: false,
          isVolunteerLocation: false,
          location: { type: 'Point', coordinates: [72.5714, 23.0225] },
        },
      ],
    });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Open after login' }), 'news');
    await user.click(screen.getByRole('button', { name: 'Finish' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/news'));
    expect(api.patches()[3]).toEqual({ defaultApp: 'news', language: 'en-US', profileCompleted: true });
    expect(getSession()?.user.profileCompleted).toBe(true);
  });

  it('lets the alerts step be skipped: nothing is sent and local alerts stay off', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = await renderStepper(makeUser({ name: 'Priya Sharma', dob: '1998-04-15' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Emergency contacts' });
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    await screen.findByRole('heading', { name: 'Saved locations' });
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    await screen.findByRole('heading', { name: 'Local alerts' });
    await user.click(screen.getByRole('checkbox', { name: /Fire/ }));
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    await screen.findByRole('heading', { name: 'Preferences' });
    expect(api.requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('keeps the user on "About you" and sends nothing when the name is missing or the birth date is in the future', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = await renderStepper();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Priya');
    await user.type(screen.getByLabelText('Date of birth'), '2999-01-01');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Enter a real date of birth that is not in the future')).toBeInTheDocument();

    expect(api.patches()).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'About you' })).toBeInTheDocument();
  });

  it('shows a server 400 on the field it names', async () => {
    const user = userEvent.setup({ delay: null });
    const account = makeUser();
    signIn(account);
    mockApi(account, {
      'PATCH /api/users/me': () => ({
        status: 400,
        body: { error: { code: 'validation_error', message: 'PIN code has 6 digits', field: 'pincode' } },
      }),
    });
    await renderRoutes([page('/profile', <ProfileStepperPage />)], '/profile');
    await user.type(await screen.findByRole('textbox', { name: 'Full name' }), 'Priya');
    await user.type(screen.getByRole('textbox', { name: 'PIN code' }), '380009');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const pin = screen.getByRole('textbox', { name: 'PIN code' });
    await waitFor(() => expect(pin).toHaveAccessibleDescription('PIN code has 6 digits and does not start with 0'));
    expect(pin).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { name: 'About you' })).toBeInTheDocument();
  });

  it('validates contacts and typed coordinates before adding them', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = await renderStepper(makeUser({ name: 'Priya' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Emergency contacts' });

    await user.type(screen.getByRole('textbox', { name: 'Contact name' }), 'Ravi');
    await user.type(screen.getByRole('textbox', { name: 'Contact mobile number' }), '12345');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(screen.getByRole('textbox', { name: 'Contact mobile number' })).toHaveAccessibleDescription('Enter a valid 10-digit mobile number');
    // A typed but invalid contact also blocks Next, so it is not silently dropped.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Emergency contacts' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    await screen.findByRole('heading', { name: 'Saved locations' });
    expect(api.patches()).toHaveLength(1);

    await user.type(screen.getByRole('textbox', { name: 'Latitude' }), '95');
    await user.type(screen.getByRole('textbox', { name: 'Longitude' }), '72.5');
    await user.type(screen.getByRole('textbox', { name: 'Place name' }), 'Office');
    await user.click(screen.getByRole('button', { name: 'Add location' }));
    expect(screen.getByRole('textbox', { name: 'Latitude' })).toHaveAccessibleDescription('Coordinates out of valid range');
    expect(screen.getByRole('textbox', { name: 'Longitude' })).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('No saved locations yet.')).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'Latitude' }));
    await user.type(screen.getByRole('textbox', { name: 'Latitude' }), 'north');
    await user.click(screen.getByRole('button', { name: 'Add location' }));
    expect(screen.getByRole('textbox', { name: 'Latitude' })).toHaveAccessibleDescription('Invalid coordinates format');
  });

  it('fills the coordinates from the device, and explains a denied permission', async () => {
    const user = userEvent.setup({ delay: null });
    const getCurrentPosition = vi
      .fn()
      .mockImplementationOnce((_ok: PositionCallback, fail: PositionErrorCallback) => fail({ code: 1, message: 'denied' } as GeolocationPositionError))
      .mockImplementationOnce((ok: PositionCallback) => ok({ coords: { latitude: 19.0760123, longitude: 72.8777456 } } as GeolocationPosition));
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { geolocation: { getCurrentPosition } }));
    await renderStepper(makeUser({ name: 'Priya' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Skip for now' }));
    await screen.findByRole('heading', { name: 'Saved locations' });

    await user.click(screen.getByRole('button', { name: 'Use my current location' }));
    expect(await screen.findByText(/Location access was denied/)).toBeInTheDocument();
    expect(getCurrentPosition).toHaveBeenLastCalledWith(expect.any(Function), expect.any(Function), expect.objectContaining({ timeout: 10_000 }));

    await user.click(screen.getByRole('button', { name: 'Use my current location' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Latitude' })).toHaveValue('19.076012'));
    expect(screen.getByRole('textbox', { name: 'Longitude' })).toHaveValue('72.877746');
    expect(screen.queryByText(/Location access was denied/)).not.toBeInTheDocument();
  });
});
