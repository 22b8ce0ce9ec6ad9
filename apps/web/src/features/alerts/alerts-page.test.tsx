import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { page, renderRoutes } from '../../test/render';
import { makeSavedLocation, makeUser, mockApi, signIn } from '../../test/user';
import { AlertsRoute } from './alerts-route';
import { HERE, nearbyAlert, phoneAt, PUBLIC_CONFIG } from '../../test/alerts';
import type { NearbyAlert, User } from '@saathi/shared';

// The page loads its map lazily: a worker that ends while that import is still
// loading fails ("after the environment was torn down"), so the file waits for it.
afterAll(async () => {
  await import('./alerts-map');
});

/** This machine is shared: lazy chunks (the map, the next screen) and saves may take a few seconds. */
const SLOW = { timeout: 10_000 };

const HOME = makeSavedLocation({ id: 5, at: { latitude: 23.03, longitude: 72.58 } });

/** The server: `items` (or what the function answers at the time) around any point. */
function serve(user: User, items: NearbyAlert[] | (() => NearbyAlert[]), extra: Parameters<typeof mockApi>[1] = {}) {
  return mockApi(user, {
    'GET /api/config/public': () => ({ status: 200, body: PUBLIC_CONFIG }),
    'GET /api/alerts/nearby': () => ({ status: 200, body: { items: typeof items === 'function' ? items() : items } }),
    ...extra,
  });
}

async function open(user: User, path = '/alerts') {
  signIn(user);
  const view = await renderRoutes([page('/alerts/:alertId?', <AlertsRoute />), page('/account', <h1>Account</h1>)], path);
  await screen.findByRole('heading', { level: 1, name: path.startsWith('/alerts/new') ? 'Report an incident' : 'Local alerts' }, SLOW);
  return view;
}

describe('/alerts', { timeout: 60_000 }, () => {
  it('lists the alerts around the phone with their status in words, how far and how long ago, and asks nearby from where the phone is', async () => {
    phoneAt(HERE);
    const api = serve(makeUser(), [
      nearbyAlert(),
      nearbyAlert({ id: 2, category: 'fire', status: 'verified', verifierRole: 'moderator', distanceM: 1450, ageMinutes: 75, text: 'Smoke from a shop' }),
      nearbyAlert({ id: 3, category: 'road_blocked', status: 'corroborated', reports: 3, distanceM: 2100, ageMinutes: 0 }),
    ]);
    await open(makeUser());

    const list = await screen.findByRole('list', { name: 'Alerts nearby' }, SLOW);
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(3);
    const [flood, fire, road] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(flood).getByRole('heading', { name: 'Flooding or waterlogging' })).toBeInTheDocument();
    expect(flood).toHaveTextContent('Not yet confirmed');
    expect(flood).toHaveTextContent('About 600 m from you · 12 min ago');
    expect(flood).toHaveTextContent('Not confirmed yet. Take care if you are going that way.');
    expect(fire).toHaveTextContent('Confirmed by a moderator');
    expect(fire).toHaveTextContent('About 1.5 km from you · 1 hour ago');
    expect(fire).toHaveTextContent('Avoid the area if you can. Call 112 if you are in danger.');
    expect(road).toHaveTextContent('Reported by 3 people');
    expect(road).toHaveTextContent('Just now');
    // A plain member may neither confirm nor end them.
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark as over' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Report an incident' })).toHaveAttribute('href', '/alerts/new');
    expect(await screen.findByRole('region', { name: 'Map of alerts nearby' }, SLOW)).toBeInTheDocument();

    const asked = api.requests.find((request) => request.path === '/api/alerts/nearby');
    expect(asked).toBeDefined();
  });

  it('says calmly that nothing is reported nearby', async () => {
    phoneAt(HERE);
    serve(makeUser(), []);
    await open(makeUser());
    expect(await screen.findByText('Nothing is reported near you right now.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('alerts-empty')).toHaveTextContent('you can report it here');
  });

  it('lets whoever the server allows confirm an alert, after asking, and shows it confirmed', async () => {
    phoneAt(HERE);
    const moderator = makeUser({ roles: ['user', 'moderator'] });
    let items = [nearbyAlert({ canVerify: true, canResolve: true })];
    const api = serve(moderator, () => items, {
      'POST /api/alerts/1/verify': () => {
        items = [nearbyAlert({ status: 'verified', verifierRole: 'moderator', canResolve: true })];
        return { status: 200, body: items[0] };
      },
    });
    await open(moderator);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this alert?' }, SLOW);
    expect(dialog).toHaveTextContent('People nearby who chose this kind of alert will get a notification.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Confirmed. People nearby who chose this kind of alert are told.', {}, SLOW)).toBeInTheDocument();
    expect(api.requests.some((request) => request.method === 'POST' && request.path === '/api/alerts/1/verify')).toBe(true);
    // The list is read again after the confirmation.
    await waitFor(() => expect(screen.getByRole('article')).toHaveTextContent('Confirmed by a moderator'), SLOW);
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark as over' })).toBeInTheDocument();
  });

  it('tells the reporter the report is listed as not yet confirmed, and shows it even when it is far from here', async () => {
    phoneAt(HERE);
    serve(makeUser(), [], {
      'GET /api/alerts/9': () => ({ status: 200, body: nearbyAlert({ id: 9, reportedByMe: true, canResolve: true }) }),
    });
    await open(makeUser(), '/alerts?reported=9');
    expect(screen.getByTestId('reported-note')).toHaveTextContent(
      'People nearby get a notification only after a moderator or a verified responder confirms it.',
    );
    const card = await screen.findByRole('article', {}, SLOW);
    expect(card).toHaveTextContent('Not yet confirmed');
    expect(card).toHaveTextContent('You reported this. Your name is not shown to anyone.');
    expect(within(card).getByRole('button', { name: 'Mark as over' })).toBeInTheDocument();
  });

  it('opens an alert from its notification link, even once it is over', async () => {
    phoneAt(HERE);
    serve(makeUser(), [nearbyAlert({ id: 4, category: 'outage' })], {
      'GET /api/alerts/12': () => ({
        status: 200,
        body: nearbyAlert({ id: 12, status: 'resolved', verifierRole: 'moderator', resolvedAt: '2026-11-27T07:30:00.000Z' }),
      }),
    });
    await open(makeUser(), '/alerts/12');
    // The alert asked for first, then the list around the phone.
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2), SLOW);
    const [first, second] = screen.getAllByRole('article') as [HTMLElement, HTMLElement];
    expect(second).toHaveTextContent('Power or water outage');
    expect(first).toHaveTextContent('Flooding or waterlogging');
    expect(first).toHaveTextContent('Over: all clear');
    expect(first).not.toHaveTextContent('Avoid the area');
    expect(screen.queryByTestId('reported-note')).toBeNull();
  });

  it('shows the not-found page for an alert address that is no alert', async () => {
    phoneAt(HERE);
    serve(makeUser(), []);
    signIn(makeUser());
    await renderRoutes([page('/alerts/:alertId?', <AlertsRoute />)], '/alerts/flood');
    expect(await screen.findByRole('heading', { level: 1 }, SLOW)).not.toHaveTextContent('Local alerts');
  });

  it('uses the first saved place when the phone cannot say where it is, and any saved place on request', async () => {
    const phone = phoneAt(null);
    const office = { ...HOME, id: 6, name: 'Office', location: { type: 'Point' as const, coordinates: [72.6, 23.05] as [number, number] } };
    const user = makeUser({ locations: [HOME, office] });
    const api = serve(user, [nearbyAlert({ distanceM: 950 })]);
    await open(user);
    await phone.fail();
    const near = screen.getByRole('combobox', { name: 'Show alerts near' });
    await waitFor(() => expect(near).toHaveValue('saved-5'), SLOW);
    expect(await screen.findByText(/About 950 m from Home/, {}, SLOW)).toBeInTheDocument();
    fireEvent.change(near, { target: { value: 'saved-6' } });
    await waitFor(() => expect(api.requests.filter((request) => request.path === '/api/alerts/nearby')).toHaveLength(2), SLOW);
    expect(await screen.findByText(/About 950 m from Office/, {}, SLOW)).toBeInTheDocument();
  });

  it('explains when neither the phone nor a saved place can say where to look', async () => {
    const phone = phoneAt(null);
    serve(makeUser(), []);
    await open(makeUser());
    expect(screen.getByText('Finding where you are…')).toBeInTheDocument();
    await phone.fail();
    expect(await screen.findByText(/We could not find where you are\. Allow location for Saathi/, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
