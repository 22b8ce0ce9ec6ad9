import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateSosBody, User } from '@saathi/shared';
import { jsonResponse, stubFetch, type FetchMock } from '../../../test/contract-answers';
import { page, renderRoutes } from '../../../test/render';
import { clearSession, setSession } from '../../../entities/session';
import { rememberPosition } from '../../../lib/position';
import { raisedEvent } from '../../../test/sos-events';
import { SosPanel } from './sos-panel';

const contacts = [
  { name: 'Sunil Sharma', phoneNumber: '9000000102', relation: 'Father' },
  { name: 'Anil Patel', phoneNumber: '9000000003' },
];

function stubGeolocation(position: { latitude: number; longitude: number; accuracy: number } | null) {
  const getCurrentPosition = vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => {
    if (position)
      success({ coords: { ...position, altitude: null, altitudeAccuracy: null, heading: null, speed: null }, timestamp: Date.now() } as GeolocationPosition);
    else failure?.({ code: 2, message: 'unavailable', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 });
  });
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition, watchPosition: vi.fn(), clearWatch: vi.fn() } });
}

function stubOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

async function renderPanel(countdown = 1) {
  return renderRoutes([page('/', <SosPanel userId={2} countdownSetting={countdown} contacts={contacts} />), page('/sos-mode', <p>SOS mode screen</p>)], '/');
}

/** Fakes the timers and the date the countdown and the position lookup run on. */
const useFakeTimers = () => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
/** Moves the fake clock on by `ms`, running what falls due and what it sets off. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('SOS panel', () => {
  let fetchMock: FetchMock;
  beforeEach(() => {
    setSession({ id: 2, name: 'Priya Sharma' } as User);
    stubOnline(true);
    stubGeolocation({ latitude: 23.0226, longitude: 72.5716, accuracy: 12 });
    // The server raises event 7 from what it was sent.
    fetchMock = stubFetch(async (_url: string, init?: RequestInit) =>
      jsonResponse(201, raisedEvent(JSON.parse(init?.body as string) as CreateSosBody, { id: 7, userId: 2 })),
    );
    vi.stubGlobal('navigator', Object.assign(navigator, { vibrate: vi.fn(() => true) }));
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('counts down visibly, then raises the alert with the position, threat and choice, and opens SOS mode', async () => {
    const user = userEvent.setup();
    const { router } = await renderPanel(1);
    await user.click(screen.getByRole('button', { name: 'Fire' }));
    await user.click(screen.getByRole('switch', { name: /Contacts only/ }));
    await user.click(screen.getByRole('button', { name: /^SOS/ }));
    expect(screen.getByRole('timer')).toHaveTextContent('Sending your SOS in1');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/sos-mode'), { timeout: 3000 });
    expect(router.state.location.search).toBe('?sosEventId=7&contactsOnly=true');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/sos');
    expect(JSON.parse(init.body as string)).toEqual({ latitude: 23.0226, longitude: 72.5716, accuracy: 12, threat: 'fire', contactsOnly: true });
  });

  it('sends nothing when cancelled during the countdown', async () => {
    await renderPanel(1);
    // The countdown runs on the page's timers: from here on they are the test's clock (and
    // clicks are plain events, which wait for no timer).
    useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: /^SOS/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    // Well past the 1 s countdown and the position lookup it started.
    await advance(10_000);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /^SOS/ })).toBeEnabled();
  });

  it('offline, offers an SMS to the emergency contacts with the coordinates, and 112', async () => {
    stubOnline(false);
    const user = userEvent.setup();
    await renderPanel(0);
    await user.click(screen.getByRole('button', { name: /^SOS/ }));
    const sms = await screen.findByRole('link', { name: 'Send SMS to 2 contacts' });
    const href = sms.getAttribute('href') ?? '';
    expect(href.startsWith('sms:+919000000102,+919000000003?body=')).toBe(true);
    expect(decodeURIComponent(href.split('?body=')[1] ?? '')).toBe(
      'SOS! I need help. My location: 23.022600, 72.571600 (within 12 m) https://www.google.com/maps?q=23.022600,72.571600',
    );
    expect(screen.getAllByRole('link', { name: 'Call 112' })[0]).toHaveAttribute('href', 'tel:112');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('without any position, explains and still offers SMS and 112', async () => {
    stubGeolocation(null);
    const user = userEvent.setup();
    await renderPanel(0);
    await user.click(screen.getByRole('button', { name: /^SOS/ }));
    expect(await screen.findByText('We could not find your location')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send SMS to 2 contacts' })).toHaveAttribute('href', expect.stringContaining('Please%20call%20me'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does not hold the alert for a GPS still searching when a recent position is known: it goes out as the count ends', async () => {
    // The GPS answers only when its timeout runs out (indoors, a cold start).
    const getCurrentPosition = vi.fn((_success: PositionCallback, failure?: PositionErrorCallback | null, options?: PositionOptions) => {
      setTimeout(() => failure?.({ code: 3, message: 'timeout', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 }), options?.timeout ?? 0);
    });
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition, watchPosition: vi.fn(), clearWatch: vi.fn() } });
    // Where the phone was 30 s ago (the dashboard's warm-up fix).
    rememberPosition({ latitude: 23.0231, longitude: 72.5705, accuracy: 20, at: Date.now() - 30_000, stale: false });
    await renderPanel(1);
    useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: /^SOS/ }));
    // The 1 s count and a moment (0.3 s) for the fix: not the 8 s a GPS without a recent position gets.
    await advance(1000);
    expect(fetchMock).not.toHaveBeenCalled();
    await advance(300);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({ latitude: 23.0231, longitude: 72.5705, accuracy: 20 });
  });
});
