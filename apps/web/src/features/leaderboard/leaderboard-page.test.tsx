import type { LeaderboardEntry, LeaderboardResponse, User } from '@saathi/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/contract-answers';
import { page, renderRoutes } from '../../test/render';
import { makeSavedLocation, makeUser, signIn } from '../../test/user';
import { LeaderboardPage } from './leaderboard-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const priya = makeUser({
  id: 2,
  name: 'Priya Sharma',
  dob: '1995-04-02',
  city: 'Ahmedabad',
  state: 'Gujarat',
  profileCompleted: true,
  locations: [
    makeSavedLocation({ id: 11, isVolunteerLocation: true }),
    makeSavedLocation({ id: 12, name: 'Shop', isBusinessLocation: true, at: { latitude: 23.03, longitude: 72.58 } }),
  ],
});

const entry = (id: number, name: string, score: number, rank: number): LeaderboardEntry => ({ id, name, score, rank, isCurrentUser: id === priya.id });

function answer(items: LeaderboardEntry[], nextCursor: string | null, overrides: Partial<LeaderboardResponse['me']> = {}): LeaderboardResponse {
  return {
    items,
    nextCursor,
    me: {
      id: priya.id,
      name: 'Priya Sharma',
      score: 57,
      rank: 4,
      isCurrentUser: true,
      listed: true,
      scoreBreakdown: {
        totalScore: 57,
        referrals: { count: 2, score: 20 },
        referralLocations: { count: 3, score: 9 },
        volunteerLocations: { count: 1, score: 5 },
        selfActivity: { daysActive: 12, score: 12 },
        referralsActivity: { totalDaysActive: 11, score: 11 },
      },
      ...overrides,
    },
  };
}

type Reply = { status: number; body: unknown };

/** Stubs fetch: GET /users/me answers `user`, GET /leaderboard answers `reply(query)`; leaderboard queries are recorded. */
function mockServer(user: User, reply: (query: Record<string, string>) => Reply) {
  const queries: Record<string, string>[] = [];
  stubFetch(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/users/me') return jsonResponse(200, user);
    if (url.pathname !== '/api/leaderboard') return jsonResponse(404, { error: { code: 'not_found', message: 'Not found' } });
    const query = Object.fromEntries(url.searchParams);
    queries.push(query);
    const { status, body } = reply(query);
    return jsonResponse(status, body);
  });
  return queries;
}

async function renderLeaderboard(user: User, path = '/leaderboard') {
  signIn(user);
  return renderRoutes([page('/leaderboard', <LeaderboardPage />), page('/account', <h1>Account page</h1>)], path);
}

describe('LeaderboardPage', { timeout: 15_000 }, () => {
  it('opens the city, ranks with shared medals, and pins the caller until their row loads', async () => {
    const queries = mockServer(priya, (query) =>
      query.cursor === 'page-2'
        ? { status: 200, body: answer([entry(2, 'Priya Sharma', 57, 4), entry(8, 'Raju P.', 40, 5)], null) }
        : { status: 200, body: answer([entry(5, 'Arjun N.', 90, 1), entry(6, 'Yash V.', 90, 1), entry(7, 'Anil P.', 70, 3)], 'page-2') },
    );
    await renderLeaderboard(priya);

    const tabs = await screen.findByRole('tablist', { name: 'Leaderboard areas' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Ahmedabad', 'Gujarat', 'India', 'Home']);
    expect(screen.getByRole('tab', { name: 'Ahmedabad' })).toHaveAttribute('aria-selected', 'true');
    expect(queries[0]).toEqual({ scope: 'administrative', region: 'city', limit: '20' });

    const list = await screen.findByRole('list', { name: 'Rankings: Ahmedabad' });
    // Ties share a rank and a medal; each medal is named in words, not only coloured.
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['Rank 11Arjun N.Gold90 points', 'Rank 11Yash V.Gold90 points', 'Rank 33Anil P.Bronze70 points']);
    expect(screen.getByText('Rank 4 · Ahmedabad')).toBeInTheDocument();
    const pinned = screen.getByRole('region', { name: 'Your position' });
    expect(pinned).toHaveTextContent('Rank 44Priya SharmaYou57 points');

    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Raju P.')).toBeInTheDocument();
    expect(queries[1]).toEqual({ scope: 'administrative', region: 'city', limit: '20', cursor: 'page-2' });
    // The caller's row is now in the list, marked, and no longer pinned.
    expect(screen.queryByRole('region', { name: 'Your position' })).not.toBeInTheDocument();
    expect(within(list).getByText('Priya Sharma').closest('li')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText('That is everyone on this leaderboard.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('expands "Your score" into each way of earning and the total', async () => {
    mockServer(priya, () => ({ status: 200, body: answer([entry(2, 'Priya Sharma', 57, 1)], null) }));
    await renderLeaderboard(priya);

    const card = await screen.findByRole('region', { name: 'Your score' });
    await waitFor(() => expect(within(card).getByTestId('your-score')).toHaveTextContent('57 points'));
    const toggle = within(card).getByRole('button', { name: 'How you earned it' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const details = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(details).not.toBeNull();
    const terms = within(details as HTMLElement)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const points = within(details as HTMLElement)
      .getAllByRole('definition')
      .map((definition) => definition.textContent);
    expect(terms).toEqual([
      'People you referred2 people',
      'Places your referrals saved3 places',
      'Places where you volunteer1 place',
      'Days you used Saathi12 days',
      'Days your referrals used Saathi11 days',
      'Total',
    ]);
    expect(points).toEqual(['20 points', '9 points', '5 points', '12 points', '11 points', '57 points']);
  });

  it('asks India by country and a saved place by a 5 km circle around it', async () => {
    const queries = mockServer(priya, () => ({ status: 200, body: answer([entry(5, 'Arjun N.', 90, 1)], null) }));
    const view = await renderLeaderboard(priya);
    await screen.findByRole('list', { name: 'Rankings: Ahmedabad' });

    fireEvent.click(screen.getByRole('tab', { name: 'India' }));
    expect(await screen.findByRole('list', { name: 'Rankings: India' })).toBeInTheDocument();
    expect(queries.at(-1)).toEqual({ scope: 'administrative', region: 'country', limit: '20' });
    expect(view.router.state.location.search).toBe('?tab=country');

    fireEvent.click(screen.getByRole('tab', { name: 'Home' }));
    expect(await screen.findByRole('list', { name: 'Rankings: Home' })).toBeInTheDocument();
    expect(queries.at(-1)).toEqual({ scope: 'location', latitude: '23.0225', longitude: '72.5714', radius: '5000', limit: '20' });
  });

  it('opens the state for a user without a city, and the first saved place without either', async () => {
    const withoutCity = { ...priya, city: null };
    const queries = mockServer(withoutCity, () => ({ status: 200, body: answer([], null) }));
    await renderLeaderboard(withoutCity);
    expect(await screen.findByRole('tab', { name: 'Gujarat' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Ahmedabad' })).not.toBeInTheDocument();
    expect(await screen.findByText(/No one is on this leaderboard yet/)).toBeInTheDocument();
    expect(queries[0]).toEqual({ scope: 'administrative', region: 'state', limit: '20' });
  });

  it('opens the first saved place when the profile has neither city nor state', async () => {
    const placesOnly = { ...priya, city: null, state: null };
    mockServer(placesOnly, () => ({ status: 200, body: answer([], null) }));
    await renderLeaderboard(placesOnly);
    expect(await screen.findByRole('tab', { name: 'Home' })).toHaveAttribute('aria-selected', 'true');
  });

  it('tells of a failure in a toast and on the page, and loads again on retry', async () => {
    let fail = true;
    mockServer(priya, () =>
      fail ? { status: 500, body: { error: { code: 'internal_error', message: 'boom' } } } : { status: 200, body: answer([entry(5, 'Arjun N.', 90, 1)], null) },
    );
    await renderLeaderboard(priya);

    const toast = await screen.findByRole('alert', {}, { timeout: 3000 });
    await waitFor(() => expect(screen.getAllByText('Could not load the leaderboard. Please try again.')).toHaveLength(2));
    fail = false;
    fireEvent.click(within(toast).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Arjun N.')).toBeInTheDocument();
  });

  it('says why others do not see the caller, with a link to the setting', async () => {
    const hidden = { ...priya, showOnLeaderboard: false };
    mockServer(hidden, () => ({ status: 200, body: answer([], null, { listed: false }) }));
    const view = await renderLeaderboard(hidden);

    expect(await screen.findByText(/because “Show me on leaderboards” is off/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Change this setting' }));
    expect(view.router.state.location.pathname).toBe('/account');
    expect(view.router.state.location.search).toBe('?tab=language');
  });

  it('tells an under-18 user that only they see their rank', async () => {
    const teen = { ...priya, dob: `${new Date().getFullYear() - 15}-01-01` };
    mockServer(teen, () => ({ status: 200, body: answer([], null, { listed: false }) }));
    await renderLeaderboard(teen);
    expect(await screen.findByText(/because you are under 18/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Change this setting' })).not.toBeInTheDocument();
  });
});
