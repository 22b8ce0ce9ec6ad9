import type { NearbyVolunteer, User } from '@saathi/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/contract-answers';
import { page, renderRoutes } from '../../test/render';
import { PUBLIC_CONFIG } from '../../test/alerts';
import { clearSession } from '../../entities/session';
import { forgetLocationStore, locationStore } from '../../entities/location';
import { makeUser, signIn } from '../../test/user';
import { VolunteersPage } from './volunteers-page';

const geolocation = {
  getCurrentPosition: vi.fn<Geolocation['getCurrentPosition']>(),
  watchPosition: vi.fn<Geolocation['watchPosition']>(() => 1),
  clearWatch: vi.fn<Geolocation['clearWatch']>(),
};

beforeAll(() => {
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
});

// Each test starts with no position known; the ones that need one say so (positionKnown).
beforeEach(() => {
  forgetLocationStore();
});

/** The phone at Ellisbridge, Ahmedabad, already known to the app (an earlier screen read it). */
async function positionKnown() {
  geolocation.getCurrentPosition.mockImplementation((success) =>
    success({ coords: { latitude: 23.0225, longitude: 72.5714, accuracy: 10 }, timestamp: Date.now() } as GeolocationPosition),
  );
  await locationStore().requestPosition();
  geolocation.getCurrentPosition.mockReset();
}

afterEach(() => {
  vi.unstubAllGlobals();
  geolocation.getCurrentPosition.mockReset();
});

const volunteers: NearbyVolunteer[] = [
  { id: 7, profession: 'Doctor Emergency', verified: true, location: { type: 'Point', coordinates: [72.5725, 23.0236] } },
  { id: 9, profession: 'Police', verified: false, location: { type: 'Point', coordinates: [72.5701, 23.0212] } },
];

interface Seen {
  path: string;
  query: Record<string, string>;
}

function mockServer(reply: (seen: Seen) => { status: number; body: unknown }) {
  const seen: Seen[] = [];
  stubFetch(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    const request = { path: url.pathname, query: Object.fromEntries(url.searchParams) };
    seen.push(request);
    if (url.pathname === '/api/config/public') return jsonResponse(200, PUBLIC_CONFIG);
    const { status, body } = reply(request);
    return jsonResponse(status, body);
  });
  return seen;
}

/**
 * Toasts show one at a time; closing one lets the next appear without waiting 5 s. Buttons are
 * clicked with fireEvent (no pointer down/up) so MUI's ripple timers do not outlive a test.
 */
async function dismissToast(user: ReturnType<typeof userEvent.setup>, text: string) {
  const alert = (await screen.findByText(text, {}, { timeout: 3000 })).closest('[role="alert"]');
  if (!(alert instanceof HTMLElement)) throw new Error(`no alert around "${text}"`);
  fireEvent.click(within(alert).getByRole('button', { name: 'Close' }));
}

async function renderPage(user: User | null) {
  if (user) signIn(user);
  else clearSession();
  return renderRoutes(
    [page('/volunteers', <VolunteersPage />), page('/login', <h1>Login page</h1>), page('/leaderboard', <h1>Leaderboard</h1>)],
    '/volunteers',
  );
}

describe('VolunteersPage', () => {
  it('tells anonymous visitors to log in and sends them to /login', async () => {
    mockServer(() => ({ status: 200, body: [] }));
    await renderPage(null);
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(await screen.findByText('Please log in to view volunteers nearby.')).toBeInTheDocument();
  });

  it('asks for location, searches around it and grows the radius with the slider', async () => {
    const seen = mockServer(({ query }) => ({ status: 200, body: query.range === '500' ? volunteers.slice(0, 1) : volunteers }));
    geolocation.getCurrentPosition.mockImplementation((success) =>
      success({ coords: { latitude: 23.0225, longitude: 72.5714, accuracy: 10 }, timestamp: Date.now() } as GeolocationPosition),
    );
    const view = await renderPage(makeUser());

    const dialog = await screen.findByRole('dialog', { name: 'Enable Location' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Location access granted')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Location' })).toHaveValue('23.0225, 72.5714');

    expect(await screen.findByText('1 volunteer found within 500 m', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(seen.find((s) => s.path === '/api/community/volunteers-nearby')?.query).toEqual({ location: '23.0225, 72.5714', range: '500' });
    expect(screen.getByRole('img', { name: 'Radar: 1 volunteer within 500 m' })).toBeInTheDocument();

    const slider = screen.getByRole('slider', { name: 'Search radius: 500 m' });
    // Two quick moves (500 → 600 → 700): only the settled radius is searched.
    fireEvent.input(slider, { target: { value: '600' } });
    fireEvent.input(slider, { target: { value: '700' } });
    expect(screen.getByText('Search radius: 700 m')).toBeInTheDocument();
    expect(await screen.findByText('2 volunteers found within 700 m', {}, { timeout: 3000 })).toBeInTheDocument();
    const radar = screen.getByRole('img', { name: 'Radar: 2 volunteers within 700 m' });
    expect(
      within(radar)
        .getAllByTestId('radar-volunteer')
        .map((icon) => icon.getAttribute('aria-label')),
    ).toEqual(['Doctor (emergency) · Verified', 'Police']);
    // Debounced: the two moves made one request, for the settled radius.
    expect(seen.filter((s) => s.path === '/api/community/volunteers-nearby').map((s) => s.query.range)).toEqual(['500', '700']);

    fireEvent.click(screen.getByRole('button', { name: 'View leaderboard' }));
    expect(view.router.state.location.pathname).toBe('/leaderboard');
  }, 15_000);

  it('shows the fetch error toast when the search fails, the location error for an unknown place, and the denied toast', async () => {
    mockServer(() => ({ status: 500, body: { error: { code: 'internal_error', message: 'boom' } } }));
    await positionKnown();
    const user = userEvent.setup();
    await renderPage(makeUser());
    // The store already holds the position: the field starts there, no dialog.
    const field = await screen.findByRole('textbox', { name: 'Location' });
    expect(field).toHaveValue('23.0225, 72.5714');
    await dismissToast(user, 'Could not load volunteers nearby. Please try again.');

    await user.clear(field);
    await user.type(field, 'Somewhere without a geocoder');
    await dismissToast(user, 'Could not find that location. Check the place name or coordinates.');

    geolocation.getCurrentPosition.mockImplementation((_, error) => error?.({ code: 1, message: 'denied' } as GeolocationPositionError));
    fireEvent.click(screen.getByRole('button', { name: 'Use my current location' }));
    expect(await screen.findByText('Location access denied', {}, { timeout: 3000 })).toBeInTheDocument();
  }, 15_000);

  it('shows the location-prompt helper only to holders of the permission', async () => {
    mockServer(() => ({ status: 200, body: [] }));
    await positionKnown();
    await renderPage(makeUser({ permissions: ['location_prompt_helper'] }));
    expect(await screen.findByRole('heading', { name: 'Location help' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask for location again' })).toBeInTheDocument();
    // The permission checker reports (jsdom has no Permissions API: it cannot tell).
    expect(await screen.findByText('Some permissions are not granted yet.')).toBeInTheDocument();
  });

  it('does not show the helper to other users', async () => {
    mockServer(() => ({ status: 200, body: [] }));
    await positionKnown();
    await renderPage(makeUser());
    await screen.findByRole('heading', { name: 'Volunteers nearby' });
    await screen.findByText('0 volunteers found within 500 m', {}, { timeout: 3000 });
    expect(screen.queryByRole('heading', { name: 'Location help' })).not.toBeInTheDocument();
  });
});
