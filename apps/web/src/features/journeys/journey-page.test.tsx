import { estimateTripMinutes, metresBetween, type JourneyView, type StartJourneyBody, type User } from '@saathi/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetLocationStore } from '../../entities/location';
import { clearSession } from '../../entities/session';
import { jsonResponse, stubFetch } from '../../test/contract-answers';
import { page, renderRoutes } from '../../test/render';
import { makeSavedLocation, makeUser, signIn } from '../../test/user';
import { JourneyPage } from './journey-page';

/** Where the phone is: Navrangpura, about 2 km from the saved Home (Ellisbridge). */
const HERE = { latitude: 23.0338, longitude: 72.585 };
const HOME = makeSavedLocation({ id: 5, name: 'Home' });
const HOME_AT = { latitude: HOME.location.coordinates[1], longitude: HOME.location.coordinates[0] };
const CONTACTS = [
  { id: 1, name: 'Maa', phoneNumber: '9876543210' },
  { id: 2, name: 'Papa', phoneNumber: '9123456789' },
];
const TRACKING_URL = 'http://localhost:3000/t/Ab3dE5gH9kLm';

/** Journey 11 to Home on foot, started 10 minutes ago, expected in 15: nothing asked yet. */
const activeJourney = (overrides: Partial<JourneyView> = {}): JourneyView => ({
  id: 11,
  status: 'active',
  stage: 'running',
  destination: { name: 'Home', ...HOME_AT },
  mode: 'walk',
  startedAt: new Date(Date.now() - 10 * 60_000).toISOString(),
  expectedArrivalAt: new Date(Date.now() + 15 * 60_000).toISOString(),
  alertAt: new Date(Date.now() + 25 * 60_000).toISOString(),
  endedAt: null,
  contactIds: null,
  extendedMinutes: 0,
  extendableMinutes: 60,
  arrival: null,
  check: null,
  trackingUrl: TRACKING_URL,
  ...overrides,
});

const arrivedJourney = (): JourneyView => ({
  ...activeJourney(),
  status: 'arrived',
  stage: 'ended',
  endedAt: new Date().toISOString(),
  extendableMinutes: 0,
  trackingUrl: null,
});

interface Served {
  journey: JourneyView | null;
  pinsSet: boolean;
  /** The answer to POST /journeys (201 and a body, or an error). */
  start: () => Response;
  positions: () => Response;
}

/** The API as the journey screen uses it; every request is recorded, every answer checked against the contract. */
function serve(overrides: Partial<Served> = {}) {
  const state: Served = {
    journey: null,
    pinsSet: true,
    start: () =>
      jsonResponse(201, { id: 11, status: 'active', expectedArrivalAt: new Date(Date.now() + 20 * 60_000).toISOString(), trackingUrl: TRACKING_URL }),
    positions: () => jsonResponse(200, { arrival: null }),
    ...overrides,
  };
  const requests: { method: string; path: string; body: unknown }[] = [];
  stubFetch(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = new URL(url, 'http://localhost').pathname;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, path, body });
    const key = `${method} ${path}`;
    if (key === 'GET /api/journeys/current') return jsonResponse(200, { journey: state.journey });
    if (key === 'GET /api/users/me/safety-pins') return jsonResponse(200, { set: state.pinsSet });
    if (key === 'GET /api/safety-timers/contacts') return jsonResponse(200, CONTACTS);
    if (key === 'GET /api/users/me') return jsonResponse(200, user);
    if (key === 'POST /api/journeys') {
      const answer = state.start();
      if (answer.status === 201) state.journey = activeJourney();
      return answer;
    }
    if (key === 'POST /api/journeys/11/positions') return state.positions();
    if (key === 'POST /api/journeys/11/arrive') {
      state.journey = arrivedJourney();
      return jsonResponse(200, { status: 'arrived' });
    }
    if (key === 'POST /api/journeys/11/ok') {
      state.journey = activeJourney();
      return jsonResponse(200, { status: 'active' });
    }
    if (key === 'POST /api/journeys/11/extend') {
      state.journey = activeJourney({ extendedMinutes: 10, extendableMinutes: 50 });
      return jsonResponse(200, state.journey);
    }
    return new Promise<Response>(() => undefined);
  });
  return { state, requests, bodiesOf: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key).map((r) => r.body) };
}

let user: User;
let onPosition: ((position: GeolocationPosition) => void) | undefined;
const fix = (at: { latitude: number; longitude: number }) => ({ coords: { ...at, accuracy: 12 }, timestamp: Date.now() }) as GeolocationPosition;

function fakeGeolocation(position: { latitude: number; longitude: number } | null) {
  onPosition = undefined;
  const geolocation = {
    getCurrentPosition: (success: PositionCallback, failure: PositionErrorCallback) =>
      position ? success(fix(position)) : failure({ code: 2, message: 'unavailable' } as GeolocationPositionError),
    watchPosition: (success: PositionCallback) => {
      onPosition = success;
      return 3;
    },
    clearWatch: vi.fn(),
  };
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: geolocation });
}

const render = () => renderRoutes([page('/journey', <JourneyPage />)], '/journey');
const pressPin = async (pin: string) => {
  for (const digit of pin) fireEvent.click(screen.getByRole('button', { name: `Digit ${digit}` }));
};

beforeEach(() => {
  forgetLocationStore();
  fakeGeolocation(HERE);
  user = makeUser({ id: 42, name: 'Priya Sharma', locations: [HOME] });
  signIn(user);
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('starting a journey', () => {
  it('estimates the arrival from where the phone is, lets the person change it (5 minutes at least) and whom to tell', async () => {
    const api = serve();
    await render();
    expect(await screen.findByRole('heading', { name: 'Walk me home', level: 1 })).toBeVisible();
    expect(await screen.findByRole('radio', { name: 'Home' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Walking' })).toBeChecked();
    expect(screen.getByTestId('journey-chosen')).toHaveTextContent('Going to Home');

    const walk = estimateTripMinutes(metresBetween(HERE, HOME_AT), 'walk');
    const minutes = screen.getByRole('spinbutton', { name: 'Minutes to get there' });
    await waitFor(() => expect(minutes).toHaveValue(walk));
    expect(screen.getByText('Estimated from where you are now.')).toBeVisible();
    expect(screen.getByTestId('journey-eta')).toHaveTextContent(/^Expected at \d{1,2}:\d{2}\s[AP]M$/);

    // By bus: the estimate follows (the wait for the bus included).
    fireEvent.click(screen.getByRole('radio', { name: 'Bus' }));
    expect(minutes).toHaveValue(estimateTripMinutes(metresBetween(HERE, HOME_AT), 'bus'));

    // Under 5 minutes is refused before anything is sent.
    fireEvent.input(minutes, { target: { value: '3' } });
    expect(screen.getByText('Enter at least 5 and at most 200.')).toBeVisible();
    expect(screen.getByTestId('journey-eta')).toHaveTextContent('—');
    expect(screen.getByRole('button', { name: 'Start the journey' })).toBeDisabled();
    fireEvent.input(minutes, { target: { value: '25' } });
    expect(screen.getByText('Set by you.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: '5 minutes more' }));
    expect(minutes).toHaveValue(30);

    // Both contacts are checked; leaving Papa out names the one who remains.
    expect(screen.getByRole('checkbox', { name: 'Maa' })).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Papa' }));
    const before = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'Start the journey' }));
    await waitFor(() => expect(api.bodiesOf('POST /api/journeys')).toHaveLength(1));
    const body = api.bodiesOf('POST /api/journeys')[0] as StartJourneyBody;
    expect(body).toMatchObject({
      destination: { name: 'Home', ...HOME_AT },
      mode: 'bus',
      contactIds: [1],
      origin: { ...HERE, accuracy: 12 },
    });
    const ahead = Date.parse(body.expectedArrivalAt!) - before;
    expect(ahead).toBeGreaterThanOrEqual(30 * 60_000);
    expect(ahead).toBeLessThan(31 * 60_000);
    // The started journey shows.
    expect(await screen.findByRole('heading', { name: 'On the way to Home' })).toBeVisible();
  });

  it('leaves the expected arrival to the server when the person kept the estimate, and the contacts out when all are checked', async () => {
    const api = serve();
    await render();
    const minutes = await screen.findByRole('spinbutton', { name: 'Minutes to get there' });
    await waitFor(() => expect(minutes).toHaveValue(estimateTripMinutes(metresBetween(HERE, HOME_AT), 'walk')));
    fireEvent.click(screen.getByRole('button', { name: 'Start the journey' }));
    await waitFor(() => expect(api.bodiesOf('POST /api/journeys')).toHaveLength(1));
    expect(api.bodiesOf('POST /api/journeys')[0]).toEqual({ destination: { name: 'Home', ...HOME_AT }, mode: 'walk', origin: { ...HERE, accuracy: 12 } });
  });

  it('sends the minutes when the phone cannot say where it is', async () => {
    fakeGeolocation(null);
    const api = serve();
    await render();
    expect(await screen.findByText(/Could not find where you are/)).toBeVisible();
    expect(screen.getByRole('spinbutton', { name: 'Minutes to get there' })).toHaveValue(30);
    fireEvent.click(screen.getByRole('button', { name: 'Start the journey' }));
    await waitFor(() => expect(api.bodiesOf('POST /api/journeys')).toHaveLength(1));
    const body = api.bodiesOf('POST /api/journeys')[0] as StartJourneyBody;
    expect(body.origin).toBeUndefined();
    expect(Date.parse(body.expectedArrivalAt!) - Date.now()).toBeGreaterThan(29 * 60_000);
  });

  it("says the server's refusal in words", async () => {
    serve({ start: () => jsonResponse(409, { error: { code: 'journey_running', message: 'A journey or a safety timer is already running' } }) });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Start the journey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A journey or a safety timer is already running. End it first.');
  });

  it('asks for the PINs first when none are set', async () => {
    serve({ pinsSet: false });
    await render();
    expect(await screen.findByText('First set a safety PIN and a duress PIN. You will end the journey with one of them.')).toBeVisible();
    expect(screen.getByLabelText('Safety PIN')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start the journey' })).toBeNull();
  });
});

describe('an active journey', () => {
  it('sends the track, asks "Arrived?" when an answer says so, and ends with the PIN', async () => {
    const endsAt = new Date(Date.now() + 2 * 60_000).toISOString();
    const api = serve({ journey: activeJourney(), positions: () => jsonResponse(200, { arrival: { askedAt: new Date().toISOString(), endsAt } }) });
    await render();
    expect(await screen.findByRole('heading', { name: 'On the way to Home' })).toBeVisible();
    expect(screen.getByTestId('journey-time-left')).toHaveTextContent(/^1[45]:\d{2}$/);
    expect(screen.getByTestId('journey-tracking-url')).toHaveTextContent(TRACKING_URL);
    expect(screen.queryByRole('alert')).toBeNull();

    // The phone comes near Home: its first point goes out at once, and the answer asks.
    await waitFor(() => expect(onPosition).toBeDefined());
    act(() => onPosition?.(fix({ latitude: 23.0229, longitude: 72.5716 })));
    const question = await screen.findByRole('alert');
    expect(within(question).getByRole('heading', { name: 'Arrived? Enter your PIN' })).toBeVisible();
    expect(question).toHaveTextContent('You are near Home.');
    expect(question).toHaveTextContent(/The journey ends by itself in [12]:\d{2}\./);
    expect(api.bodiesOf('POST /api/journeys/11/positions')).toEqual([
      { points: [{ latitude: 23.0229, longitude: 72.5716, accuracy: 12, at: expect.any(String) }] },
    ]);

    await pressPin('2580');
    fireEvent.click(screen.getByRole('button', { name: 'I have arrived' }));
    await waitFor(() => expect(api.bodiesOf('POST /api/journeys/11/arrive')).toEqual([{ pin: '2580' }]));
    expect(await screen.findByRole('heading', { name: 'You have arrived' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Start another journey' })).toBeVisible();
  });

  it('ends with "I have arrived" and the PIN pad', async () => {
    const api = serve({ journey: activeJourney() });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'I have arrived' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter your PIN' });
    for (const digit of '1379') fireEvent.click(within(dialog).getByRole('button', { name: `Digit ${digit}` }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have arrived' }));
    await waitFor(() => expect(api.bodiesOf('POST /api/journeys/11/arrive')).toEqual([{ pin: '1379' }]));
    expect(await screen.findByRole('heading', { name: 'You have arrived' })).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Start another journey' }));
    expect(await screen.findByRole('button', { name: 'Start the journey' })).toBeVisible();
  });

  it('asks "Are you OK?" when the server checks, and answers it with the PIN', async () => {
    const check = { reason: 'off_course' as const, askedAt: new Date().toISOString(), endsAt: new Date(Date.now() + 3 * 60_000).toISOString() };
    const api = serve({ journey: activeJourney({ check }) });
    await render();
    const question = await screen.findByRole('alert');
    expect(within(question).getByRole('heading', { name: 'Are you OK?' })).toBeVisible();
    expect(question).toHaveTextContent('You seem to be moving away from your destination.');
    expect(question).toHaveTextContent(/Enter your PIN within [23]:\d{2}, or your contacts will be alerted\./);
    await pressPin('2580');
    fireEvent.click(screen.getByRole('button', { name: 'I am OK' }));
    await waitFor(() => expect(api.bodiesOf('POST /api/journeys/11/ok')).toEqual([{ pin: '2580' }]));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByRole('button', { name: 'I have arrived' })).toBeVisible();
  });

  it('asks "Are you OK?" once it is late, answered by arriving or more time', async () => {
    const api = serve({
      journey: activeJourney({ stage: 'overdue', expectedArrivalAt: new Date(Date.now() - 12 * 60_000).toISOString(), alertAt: new Date().toISOString() }),
    });
    await render();
    const question = await screen.findByRole('alert');
    expect(within(question).getByRole('heading', { name: 'Are you OK?' })).toBeVisible();
    expect(question).toHaveTextContent('You have not arrived yet. Enter your PIN if you have arrived, or add time.');
    expect(screen.getByText('You can add 60 more minutes.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Add 10 minutes' }));
    await waitFor(() => expect(api.bodiesOf('POST /api/journeys/11/extend')).toEqual([{ minutes: 10 }]));
    expect(await screen.findByText('You can add 50 more minutes.')).toBeVisible();
  });

  it('shares the tracking link through the share sheet', async () => {
    serve({ journey: activeJourney() });
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: TRACKING_URL })));
  });
});
