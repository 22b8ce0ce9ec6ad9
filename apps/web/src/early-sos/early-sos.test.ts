import type { CreateSosBody, SosEventOwnerView } from '@saathi/shared';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import enCommon from '../i18n/locales/en-US/common.json';
import enDashboard from '../i18n/locales/en-US/dashboard.json';
import hiCommon from '../i18n/locales/hi-IN/common.json';
import hiDashboard from '../i18n/locales/hi-IN/dashboard.json';
import guCommon from '../i18n/locales/gu-IN/common.json';
import guDashboard from '../i18n/locales/gu-IN/dashboard.json';
import enErrors from '../i18n/locales/en-US/errors.json';
import hiErrors from '../i18n/locales/hi-IN/errors.json';
import guErrors from '../i18n/locales/gu-IN/errors.json';
import { waitText } from '../lib/wait-text';
import { raisedEvent } from '../test/sos-events';
import { jsonResponse, offContract, stubFetch } from '../test/contract-answers';
import { startEarlySos, type EarlyState } from './early-sos';
import { pickEarlyTexts, type EarlyCatalog } from './texts';

const catalog: EarlyCatalog = {
  'en-US': pickEarlyTexts('en-US', { common: enCommon, dashboard: enDashboard, errors: enErrors }),
  'hi-IN': pickEarlyTexts('hi-IN', { common: hiCommon, dashboard: hiDashboard, errors: hiErrors }),
  'gu-IN': pickEarlyTexts('gu-IN', { common: guCommon, dashboard: guDashboard, errors: guErrors }),
};

const user = {
  id: 17,
  name: 'Meera Desai',
  sosCountdownSeconds: 3,
  emergencyContacts: [{ phoneNumber: '9876501234' }, { phoneNumber: '919123456789' }, { phoneNumber: '12' }],
};
const fix = { coords: { latitude: 23.0226, longitude: 72.5716, accuracy: 14.6 }, timestamp: 1_000 };

type Win = Window & typeof globalThis & { saathiEarlySos?: EarlyState };
const win = window as Win;
const state = () => win.saathiEarlySos as EarlyState;
const screen = () => document.getElementById('early-sos');
const button = (name: string | RegExp) =>
  [...document.querySelectorAll<HTMLElement>('#early-sos button, #early-sos a')].find((el) =>
    typeof name === 'string' ? el.textContent === name : name.test(el.textContent ?? ''),
  ) as HTMLElement;
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

const pageLanguage = document.documentElement.getAttribute('lang');
let getCurrentPosition: ReturnType<typeof vi.fn>;
let fetchMock: Mock<(url: string, init?: RequestInit) => Promise<Response>>;

/** Event 42 of user 17, as POST /api/sos answers the request `init` carried. */
const raised = (init: RequestInit | undefined, overrides: Partial<SosEventOwnerView> = {}) =>
  raisedEvent(JSON.parse(init?.body as string) as CreateSosBody, { id: 42, userId: user.id, ...overrides });

function start(options: { path?: string; signedIn?: boolean; language?: string; countdown?: number } = {}) {
  window.history.replaceState(null, '', options.path ?? '/');
  if (options.signedIn !== false) localStorage.setItem('saathi.session', JSON.stringify({ user: { ...user, sosCountdownSeconds: options.countdown ?? 3 } }));
  if (options.language) localStorage.setItem('saathi.language', options.language);
  startEarlySos(win, catalog);
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000, toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
  document.body.innerHTML = '<div id="root"></div>';
  getCurrentPosition = vi.fn((success: PositionCallback) => success(fix as unknown as GeolocationPosition));
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
  // The server raises a new event (42) from what it was sent.
  fetchMock = stubFetch(async (_url: string, init?: RequestInit) => jsonResponse(201, raised(init)));
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
  document.documentElement.classList.remove('early-sos');
  if (pageLanguage === null) document.documentElement.removeAttribute('lang');
  else document.documentElement.lang = pageLanguage;
  delete win.saathiEarlySos;
  window.history.replaceState(null, '', '/');
});

describe('the early SOS', () => {
  it('shows only on / and /sos, and only for a signed-in user', () => {
    start({ signedIn: false });
    expect(screen()).toBeNull();
    start({ path: '/news' });
    expect(screen()).toBeNull();
    start({ path: '/sos' });
    expect(screen()).not.toBeNull();
    expect(document.documentElement).toHaveClass('early-sos');
    expect(screen()?.querySelector('h1')).toHaveTextContent('Namaste, Meera');
    expect(button('Call 112')).toHaveAttribute('href', 'tel:112');
    expect(screen()).toHaveTextContent('After you press, you have 3 seconds to cancel.');
  });

  it('counts down from the user’s setting, and a cancel sends nothing', async () => {
    start();
    button(/^SOS/).click();
    expect(state()).toMatchObject({ phase: 'counting', deadline: 1_003_000 });
    expect(document.querySelector('[role="timer"]')).toHaveTextContent('Sending your SOS in3');
    expect(document.activeElement).toBe(button('Cancel'));
    vi.advanceTimersByTime(1000);
    expect(document.querySelector('.sos-countdown__number')).toHaveTextContent('2');
    // Threat and switch are locked while counting, as in the React panel.
    expect(document.querySelector('fieldset')).toBeDisabled();
    button('Cancel').click();
    expect(state()).toMatchObject({ phase: 'idle', deadline: null });
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(button(/^SOS/)).toBeEnabled();
  });

  it('at zero raises the SOS once with the position, threat and switch, stores the event and moves to SOS mode', async () => {
    start();
    const popstate = vi.fn();
    window.addEventListener('popstate', popstate);
    button('Medical').click();
    expect(button('Medical')).toHaveAttribute('aria-pressed', 'true');
    const contactsOnly = document.querySelector<HTMLInputElement>('#early-sos input[role="switch"]') as HTMLInputElement;
    contactsOnly.click();
    button(/^SOS/).click();
    await vi.advanceTimersByTimeAsync(3000);
    await flush();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/sos');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(JSON.parse(init.body as string)).toEqual({ latitude: 23.0226, longitude: 72.5716, accuracy: 15, threat: 'medical', contactsOnly: true });
    // The fix is looked up at the press, for as long as a fix may take (none was remembered).
    expect(getCurrentPosition.mock.calls[0]?.[2]).toEqual({ enableHighAccuracy: true, timeout: 8000, maximumAge: 10_000 });

    expect(state()).toMatchObject({ phase: 'raised', eventId: 42 });
    expect(JSON.parse(localStorage.getItem('saathi.active-sos') ?? '')).toEqual({ id: 42, contactsOnly: true, userId: 17 });
    expect(window.location.pathname + window.location.search).toBe('/sos-mode?sosEventId=42&contactsOnly=true');
    expect(popstate).toHaveBeenCalledTimes(1);
    expect(screen()?.querySelector('[role="status"]')).toHaveTextContent('Your SOS is active.');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    window.removeEventListener('popstate', popstate);
  });

  it('follows the event the server answers: an SOS already running (200) keeps its own contacts-only choice', async () => {
    // The person raised event 41 for everyone nearby a moment ago; pressing again with the switch
    // on joins that event rather than raising a second one.
    fetchMock.mockImplementationOnce(async (_url, init) => jsonResponse(200, raised(init, { id: 41, contactsOnly: false })));
    start();
    (document.querySelector('#early-sos input[role="switch"]') as HTMLInputElement).click();
    button(/^SOS/).click();
    await vi.advanceTimersByTimeAsync(3000);
    await flush();

    expect(JSON.parse((fetchMock.mock.calls[0]?.[1] as RequestInit).body as string)).toMatchObject({ contactsOnly: true });
    expect(state()).toMatchObject({ phase: 'raised', eventId: 41 });
    expect(JSON.parse(localStorage.getItem('saathi.active-sos') ?? '')).toEqual({ id: 41, contactsOnly: false, userId: 17 });
    expect(window.location.pathname + window.location.search).toBe('/sos-mode?sosEventId=41&contactsOnly=false');
  });

  it('says why the server refused, in the user’s language and with the wait worded, and stays ready', async () => {
    const refuse = (status: number, body: unknown, offContractBecause?: string) =>
      fetchMock.mockImplementationOnce(async () => {
        const response = jsonResponse(status, body);
        return offContractBecause ? offContract(response, offContractBecause) : response;
      });
    const raise = async () => {
      button(/^SOS/).click();
      // Reading the answer's body takes a few turns of the event loop.
      await vi.waitFor(() => expect(state().phase).toBe('idle'));
      return screen()?.querySelector('.sos-error[role="alert"]')?.textContent;
    };
    start({ countdown: 0 });
    refuse(429, { error: { code: 'sos_rate_limited', message: 'Too many SOS alerts', params: { limit: 3, minutes: 10, seconds: 240 } } });
    expect(await raise()).toBe('You have raised too many SOS alerts in a short time. If you are in danger, call 112 now. You can raise another in 4 minutes.');
    expect(state().phase).toBe('idle');
    expect(button('Call 112')).toHaveAttribute('href', 'tel:112');
    refuse(401, { error: { code: 'unauthorized', message: 'Sign in' } });
    expect(await raise()).toBe('Please sign in to continue.');
    refuse(503, { error: { code: 'starting', message: 'Starting' } });
    expect(await raise()).toBe('Saathi is starting. Try again in a few seconds.');
    // A code it carries no text for reads by its class; so does an answer that is not JSON.
    refuse(409, { error: { code: 'some_newer_code', message: 'New' } }, 'a code from a newer server');
    expect(await raise()).toBe('Something went wrong. Please try again.');
    fetchMock.mockImplementationOnce(async () => offContract(new Response('<html>Bad gateway</html>', { status: 502 }), 'a proxy’s error page'));
    expect(await raise()).toBe('Saathi is having trouble right now. Please try again shortly.');
    expect(state().eventId).toBeNull();
    expect(localStorage.getItem('saathi.active-sos')).toBeNull();

    document.body.innerHTML = '<div id="root"></div>';
    start({ countdown: 0, language: 'hi-IN' });
    refuse(429, { error: { code: 'sos_rate_limited', message: 'Too many SOS alerts', params: { seconds: 30 } } });
    expect(await raise()).toBe(hiErrors.sos_rate_limited.replace('{{wait}}', waitText(30, 'hi-IN')));
  });

  it('with a countdown of 0 raises at once', async () => {
    start({ countdown: 0 });
    expect(screen()).toHaveTextContent('The alert goes out as soon as you press.');
    button(/^SOS/).click();
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('offline, offers the SMS to every contact with the position, and 112; nothing is sent', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    start();
    button(/^SOS/).click();
    await vi.advanceTimersByTimeAsync(3000);
    await flush();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(state().phase).toBe('fallback');
    const alert = document.querySelector('#early-sos [role="alert"]');
    expect(alert).toHaveTextContent('No internet connection');
    expect(alert).toHaveTextContent('Your location: 23.022600, 72.571600');
    const sms = button('Send SMS to 3 contacts');
    const message = 'SOS! I need help. My location: 23.022600, 72.571600 (within 15 m) https://www.google.com/maps?q=23.022600,72.571600';
    expect(sms.getAttribute('href')).toBe(`sms:+919876501234,+919123456789?body=${encodeURIComponent(message)}`);
    expect(alert?.querySelector('a[href="tel:112"]')).toHaveTextContent('Call 112');
    button('Close').click();
    expect(state().phase).toBe('idle');
    expect(document.querySelector('#early-sos [role="alert"]')).toBeNull();
  });

  it('on a network failure falls back to the SMS; without any position says so', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    start();
    button(/^SOS/).click();
    await vi.advanceTimersByTimeAsync(3000);
    await flush();
    expect(document.querySelector('#early-sos [role="alert"]')).toHaveTextContent('No internet connection');
    button('Close').click();

    getCurrentPosition.mockImplementation((_: PositionCallback, error: PositionErrorCallback) => error({} as GeolocationPositionError));
    localStorage.removeItem('saathi.last-position');
    button(/^SOS/).click();
    await vi.advanceTimersByTimeAsync(3000);
    await flush();
    expect(document.querySelector('#early-sos [role="alert"]')).toHaveTextContent('We could not find your location');
    expect(button('Send SMS to 3 contacts').getAttribute('href')).toBe(
      `sms:+919876501234,+919123456789?body=${encodeURIComponent('SOS! I need help. Please call me or call 112.')}`,
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('speaks the stored language, plurals included', () => {
    start({ language: 'hi-IN' });
    expect(button('112 पर कॉल करें')).toHaveAttribute('href', 'tel:112');
    expect(screen()).toHaveTextContent('दबाने के बाद रद्द करने के लिए आपके पास 3 सेकंड हैं।');
  });

  it('hands over to React when React has drawn a screen, only while idle', async () => {
    start();
    const root = document.getElementById('root') as HTMLElement;
    root.innerHTML = '<div class="page-loading"></div>';
    await flush();
    expect(screen()).not.toBeNull();
    // Not the dashboard (its chunk failed: the route's error page): this SOS stays.
    root.innerHTML = '<div class="shell"><h1>Something went wrong</h1></div>';
    await flush();
    expect(screen()).not.toBeNull();
    button(/^SOS/).click();
    root.innerHTML = '<div class="shell"><section class="sos-panel"></section></div>';
    await flush();
    // A countdown is running: it finishes here.
    expect(screen()).not.toBeNull();
    button('Cancel').click();
    expect(screen()).toBeNull();
    expect(document.documentElement).not.toHaveClass('early-sos');
    expect(state().handedOver).toBe(true);
  });

  it('keeps a threat or switch chosen here: the screen stays until they are cleared', async () => {
    start();
    button('Fire').click();
    (document.getElementById('root') as HTMLElement).innerHTML = '<div class="shell"><section class="sos-panel"></section></div>';
    await flush();
    expect(screen()).not.toBeNull();
    button('Fire').click();
    expect(screen()).toBeNull();
  });

  it('hands over to whatever React shows once it has left the dashboard (a signed-out user at /login)', async () => {
    start();
    window.history.replaceState(null, '', '/login');
    (document.getElementById('root') as HTMLElement).innerHTML = '<form><h1>Log in</h1></form>';
    await flush();
    expect(screen()).toBeNull();
  });

  it('once raised, hands over when React has left the dashboard for SOS mode', async () => {
    start();
    const root = document.getElementById('root') as HTMLElement;
    root.innerHTML = '<div class="shell"><section class="sos-panel"></section></div>';
    button(/^SOS/).click();
    await vi.advanceTimersByTimeAsync(3000);
    await flush();
    expect(state().phase).toBe('raised');
    expect(screen()).not.toBeNull();
    root.innerHTML = '<div class="shell"><h1>SOS active</h1></div>';
    await flush();
    expect(screen()).toBeNull();
  });
});
