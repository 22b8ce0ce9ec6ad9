import type { User } from '@saathi/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { page, renderRoutes } from '../../test/render';
import { makeSavedLocation, makeUser, mockApi, signIn } from '../../test/user';
import { makeReel } from '../../test/reels';
import { AlertsRoute } from './alerts-route';
import { HERE, nearbyAlert, phoneAt, PUBLIC_CONFIG } from '../../test/alerts';
import { loadLocationPicker } from '../community/lazy';

// The form loads the map picker lazily: a worker that ends while that import is still
// loading fails ("after the environment was torn down"), so the file waits for it.
afterAll(async () => {
  await loadLocationPicker();
});

/** This machine is shared: lazy chunks (the map, the next screen) and saves may take a few seconds. */
const SLOW = { timeout: 10_000 };

const ADULT = makeUser({ name: 'Nisha Trivedi', dob: '1994-05-02' });
const HOME = makeSavedLocation({ id: 5, at: { latitude: 23.03, longitude: 72.58 } });

const reel = (id: number, uploaderId: number, title: string) =>
  makeReel({ id, title, durationMs: 9000, createdAt: '2026-11-27T06:40:00.000Z', uploader: { id: uploaderId, name: 'Someone', avatar: null } });

function serve(user: User, report: (body: unknown) => { status: number; body: unknown }) {
  return mockApi(user, {
    'GET /api/config/public': () => ({ status: 200, body: PUBLIC_CONFIG }),
    'GET /api/incidents/reels': () => ({ status: 200, body: [reel(31, user.id, 'Water at the underpass'), reel(32, 999, 'Not mine')] }),
    'POST /api/alerts': ({ body }) => report(body),
    'GET /api/alerts/nearby': () => ({ status: 200, body: { items: [nearbyAlert({ id: 77, reportedByMe: true, canResolve: true })] } }),
  });
}

async function openForm(user: User) {
  signIn(user);
  const view = await renderRoutes([page('/alerts/:alertId?', <AlertsRoute />), page('/account', <h1>Account</h1>)], '/alerts/new');
  await screen.findByRole('heading', { level: 1, name: 'Report an incident' }, SLOW);
  return view;
}

/** Clicks with fireEvent (no pointer down/up), so MUI's ripple timers do not outlive a test. */
const choose = (name: RegExp | string) => fireEvent.click(screen.getByRole('radio', { name }));
const typeText = (text: string) => fireEvent.input(screen.getByRole('textbox', { name: 'Describe it briefly' }), { target: { value: text } });

describe('/alerts/new', { timeout: 60_000 }, () => {
  it('offers the eight categories and no "suspicious person"', async () => {
    phoneAt(HERE);
    serve(ADULT, () => ({ status: 201, body: { id: 1, status: 'unverified' } }));
    await openForm(ADULT);
    const group = screen.getByRole('radiogroup', { name: 'What is happening?' });
    expect(within(group).getAllByRole('radio')).toHaveLength(8);
    expect(within(group).getByRole('radio', { name: /Flooding or waterlogging/ })).toBeInTheDocument();
    expect(screen.queryByText(/suspicious/i)).toBeNull();
  });

  it('reports from where the phone is, with the own reel chosen, and lands on /alerts with the not-yet-confirmed note', async () => {
    phoneAt(HERE);
    const api = serve(ADULT, () => ({ status: 201, body: { id: 77, status: 'unverified' } }));
    const { router } = await openForm(ADULT);

    // Nothing is sent while the category or the text is missing.
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Choose what is happening.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Say briefly what is happening.')).toBeInTheDocument();

    choose(/Flooding or waterlogging/);
    expect(screen.getByRole('radio', { name: 'Where I am now' })).toBeChecked();
    expect(screen.getByTestId('report-point')).toHaveTextContent('23.0225, 72.5714');
    typeText('Knee-deep water under the railway bridge');
    expect(screen.getByTestId('text-counter')).toHaveTextContent('40/280');
    // Only the reporter's own reels are offered.
    const reels = await screen.findByRole('combobox', { name: 'Add one of your reels (optional)' }, SLOW);
    expect(
      within(reels)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No reel', 'Water at the underpass']);
    fireEvent.change(reels, { target: { value: '31' } });
    expect(screen.getByText(/People nearby get a notification only after a moderator or a verified responder confirms it/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/alerts'), SLOW);
    expect(router.state.location.search).toBe('?reported=77');
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
      { category: 'flooding', latitude: HERE.latitude, longitude: HERE.longitude, text: 'Knee-deep water under the railway bridge', reelId: 31 },
    ]);
    expect(await screen.findByTestId('reported-note', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByRole('article', {}, SLOW)).toHaveTextContent('Not yet confirmed');
  });

  it('reports at a saved place', async () => {
    phoneAt(HERE);
    const user = makeUser({ dob: '1990-01-01', locations: [HOME] });
    const api = serve(user, () => ({ status: 201, body: { id: 78, status: 'unverified' } }));
    await openForm(user);
    choose(/Road blocked/);
    choose('One of my saved places');
    expect(screen.getByRole('combobox', { name: 'Saved place' })).toHaveValue('5');
    typeText('Tree fallen across the road');
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(api.requests.some((request) => request.method === 'POST')).toBe(true), SLOW);
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({
      category: 'road_blocked',
      latitude: 23.03,
      longitude: 72.58,
      text: 'Tree fallen across the road',
    });
  });

  it("shows the server's refusal of a text beside the field, with why, and keeps the text", async () => {
    phoneAt(HERE);
    serve(ADULT, () => ({
      status: 400,
      body: { error: { code: 'alert_text_refused', message: 'Alerts describe what is happening, not who', field: 'text' } },
    }));
    const { router } = await openForm(ADULT);
    choose(/Crowd risk/);
    typeText('A crowd of those men again near the gate');
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    const field = screen.getByRole('textbox', { name: 'Describe it briefly' });
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Describe what is happening, not who is there/), SLOW);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('A crowd of those men again near the gate');
    expect(screen.getByTestId('text-refusal')).toHaveTextContent('because such posts lead to profiling');
    expect(router.state.location.pathname).toBe('/alerts/new');
  });

  it('says while typing that a text about religion will not be accepted', async () => {
    phoneAt(HERE);
    serve(ADULT, () => ({ status: 201, body: { id: 1, status: 'unverified' } }));
    await openForm(ADULT);
    typeText('Muslim men blocking the road');
    expect(screen.getByTestId('text-refusal')).toHaveTextContent('This text mentions religion.');
    typeText('Road blocked by a fallen tree');
    expect(screen.queryByTestId('text-refusal')).toBeNull();
  });

  it('is for adults: a minor, or someone without a birth date, is told so and sees no form', async () => {
    phoneAt(HERE);
    const minor = makeUser({ dob: '2012-03-04' });
    serve(minor, () => ({ status: 201, body: { id: 1, status: 'unverified' } }));
    await openForm(minor);
    expect(screen.getByText(/Reporting incidents is for adults \(18 and over\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send report' })).toBeNull();
  });

  it('asks someone without a birth date to add it', async () => {
    phoneAt(HERE);
    const unknown = makeUser({ dob: null });
    serve(unknown, () => ({ status: 201, body: { id: 1, status: 'unverified' } }));
    await openForm(unknown);
    expect(screen.getByRole('link', { name: 'Add date of birth' })).toHaveAttribute('href', '/account?tab=profile');
  });
});
