import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { page, renderRoutes } from '../../test/render';
import { AccountPage } from './account-page';
import { makeUser, mockApi, signIn } from '../../test/user';
import { HERE, NO_SETTINGS, phoneAt } from '../../test/alerts';

/** This machine is shared: lazy chunks (the map, the next screen) and saves may take a few seconds. */
const SLOW = { timeout: 10_000 };

function serve(settings = NO_SETTINGS) {
  const user = makeUser({ name: 'Hetal Patel' });
  signIn(user);
  let stored = settings;
  return mockApi(user, {
    'GET /api/users/me/alert-settings': () => ({ status: 200, body: stored }),
    'PUT /api/users/me/alert-settings': ({ body }) => {
      const { categories, location } = body as { categories: typeof stored.categories; location?: unknown };
      stored = { ...stored, categories, locationUpdatedAt: location ? '2026-11-27T07:00:00.000Z' : location === null ? null : stored.locationUpdatedAt };
      return { status: 200, body: stored };
    },
  });
}

const puts = (api: ReturnType<typeof serve>) => api.requests.filter((request) => request.method === 'PUT').map((request) => request.body);

async function openTab() {
  await renderRoutes([page('/account', <AccountPage />)], '/account?tab=alerts');
  return screen.findByRole('group', { name: 'Tell me about' }, SLOW);
}

describe('the account’s local alerts tab', { timeout: 60_000 }, () => {
  it('starts with nothing chosen and says so, then saves the kinds chosen in the list’s order', async () => {
    const api = serve();
    const group = await openTab();
    expect(screen.getByRole('tab', { name: 'Local alerts' })).toHaveAttribute('aria-selected', 'true');
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes).toHaveLength(8);
    for (const box of boxes) expect(box).not.toBeChecked();
    expect(screen.getByText('You get no local alerts until you choose at least one kind.')).toBeInTheDocument();
    // Each kind says how far its alerts reach, and the three that may come at night say so.
    expect(within(group).getByRole('checkbox', { name: /Flooding or waterlogging Within 3 km · Also at night/ })).toBeInTheDocument();
    expect(within(group).getByRole('checkbox', { name: /^Road blocked Within 1 km$/ })).toBeInTheDocument();

    fireEvent.click(within(group).getByRole('checkbox', { name: /Fire/ }));
    fireEvent.click(within(group).getByRole('checkbox', { name: /Flooding or waterlogging/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved. You will be told about the alerts you chose.', {}, SLOW)).toBeInTheDocument();
    expect(puts(api)).toEqual([{ categories: ['fire', 'flooding'] }]);
  });

  it('adds where the phone is when asked, and turns every alert off again', async () => {
    const phone = phoneAt(HERE);
    const api = serve({ ...NO_SETTINGS, categories: ['flooding'] });
    const group = await openTab();
    expect(within(group).getByRole('checkbox', { name: /Flooding/ })).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: /Also where my phone is/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(api)).toHaveLength(1), SLOW);
    expect(phone.request).toHaveBeenCalled();
    expect(puts(api)[0]).toEqual({ categories: ['flooding'], location: HERE });
    // Toasts show one at a time: close this one so the next can show.
    const saved = (await screen.findByText('Saved. You will be told about the alerts you chose.', {}, SLOW)).closest('[role="alert"]') as HTMLElement;
    fireEvent.click(within(saved).getByRole('button', { name: 'Close' }));

    fireEvent.click(within(group).getByRole('checkbox', { name: /Flooding/ }));
    expect(await screen.findByText('You get no local alerts until you choose at least one kind.', {}, SLOW)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved. You will get no local alerts.', {}, SLOW)).toBeInTheDocument();
    expect(puts(api)[1]).toMatchObject({ categories: [] });
  });
});
