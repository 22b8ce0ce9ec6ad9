/**
 * The early SOS: a working SOS screen for a signed-in user on `/` and `/sos`, inlined into
 * index.html (vite-plugin.ts) so it runs before any bundle has loaded, on a slow network or
 * with the JavaScript bundle failing altogether. No framework: it is bundled, with the SOS
 * helpers it shares with the React SOS (entities/sos: countdown, SMS link, request body,
 * threats) and lib/wait-text, into the one inline script that is all the page has until React
 * arrives.
 *
 * It does what the React panel does (features/sos/components/sos-panel.tsx and lib/): the
 * button, a countdown with Cancel, the threat choice and the contacts-only switch, Call 112,
 * the device position (src/lib/position.ts), `POST /api/sos` (features/sos/lib/raise-sos.ts),
 * and offline the SMS to the emergency contacts (entities/sos/sms-link.ts); the same classes
 * and look, so nothing moves when React takes over.
 *
 * Hand-over, with no code on the React side: React renders into #root, hidden while this
 * screen shows. A MutationObserver on #root notices when React has drawn a screen (something
 * there and no loading bar), and in that same task, before the browser paints, removes this
 * screen and shows #root. That happens only while nothing is under way here (idle): a running
 * countdown or a sending alert finishes here, never twice. Once the alert is raised, this
 * script stores the event as the React flow does (active-event.ts) and moves the router to SOS
 * mode (pushState + popstate, which React Router follows, or the URL React starts from); the
 * hand-over then waits for that screen. The state is on `window.saathiEarlySos` for tests.
 */
import type { Threat } from '@saathi/shared';
import { buildSosSmsLink, countdownSeconds, formatCoordinates, smsMessageValues, sosRequestBody, THREAT_CHOICES } from '../entities/sos';
import { escapeHtml } from '../lib/escape-html';
import { waitText } from '../lib/wait-text';
import type { EarlyCatalog, EarlyLanguage, EarlyTextKey } from './texts';

export type EarlyPhase = 'idle' | 'counting' | 'sending' | 'fallback' | 'raised';

export interface EarlyState {
  phase: EarlyPhase;
  /** While counting: epoch ms when the alert goes out. */
  deadline: number | null;
  /** Once raised: the SOS event id. */
  eventId: number | null;
  threat: Threat | null;
  contactsOnly: boolean;
  /** True once React has taken over and this screen is gone. */
  handedOver: boolean;
}

interface Position {
  latitude: number;
  longitude: number;
  accuracy: number | null;
  at: number;
  stale: boolean;
}

interface EarlyUser {
  id: number;
  name?: string | null;
  sosCountdownSeconds?: number;
  emergencyContacts?: { phoneNumber: string }[];
}

type EarlyWindow = Window & typeof globalThis & { saathiEarlySos?: EarlyState };

// The same keys as the React app: entities/session/session.ts, i18n/languages.ts, lib/position.ts, sos/lib/active-event.ts.
const SESSION_KEY = 'saathi.session';
const LANGUAGE_KEY = 'saathi.language';
const POSITION_KEY = 'saathi.last-position';
const ACTIVE_EVENT_KEY = 'saathi.active-sos';
// components/icons.tsx PhoneInTalkIcon.
const PHONE_ICON =
  '<svg width="24" height="24" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false"><path d="M20 15.5c-1.25 0-2.45-.2-3.57-.57-.35-.11-.74-.03-1.02.24l-2.2 2.2c-2.83-1.44-5.15-3.75-6.59-6.59l2.2-2.21c.28-.26.36-.65.25-1C8.7 6.45 8.5 5.25 8.5 4c0-.55-.45-1-1-1H4c-.55 0-1 .45-1 1 0 9.39 7.61 17 17 17 .55 0 1-.45 1-1v-3.5c0-.55-.45-1-1-1zM19 12h2c0-4.97-4.03-9-9-9v2c3.87 0 7 3.13 7 7zm-4 0h2c0-2.76-2.24-5-5-5v2c1.66 0 3 1.34 3 3z"/></svg>';
// components/brand-mark.tsx.
const BRAND_MARK =
  '<svg width="32" height="32" viewBox="0 0 64 64" aria-hidden="true" focusable="false"><rect width="64" height="64" rx="14" fill="#FFFFFF"/><path d="M32 9 L51 16.5 V31 C51 43.5 43 51.5 32 56 C21 51.5 13 43.5 13 31 V16.5 Z" fill="#D81B60"/><path d="M32 43 C25.5 38 22.5 34.6 22.5 30.8 C22.5 28 24.7 25.8 27.4 25.8 C29.4 25.8 31 27 32 28.7 C33 27 34.6 25.8 36.6 25.8 C39.3 25.8 41.5 28 41.5 30.8 C41.5 34.6 38.5 38 32 43 Z" fill="#FFFFFF"/></svg>';

function readJson(storage: Storage, key: string): unknown {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

/** The codes whose text the early SOS carries (texts.ts); any other refusal reads as its class. */
const REFUSAL_CODES = ['sos_rate_limited', 'unauthorized', 'validation_error', 'starting', 'internal_error'] as const;

/** error-text.ts errorTextKey: the answer's code, else by status. */
function refusalCode(status: number, body: unknown): (typeof REFUSAL_CODES)[number] | 'unknown' {
  const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
  const known = REFUSAL_CODES.find((candidate) => candidate === code);
  if (known) return known;
  return status >= 500 ? 'internal_error' : 'unknown';
}

/** Starts the early SOS when this page is the signed-in user's SOS dashboard; does nothing otherwise. */
export function startEarlySos(win: EarlyWindow, catalog: EarlyCatalog): void {
  const doc = win.document;
  const { localStorage: storage, navigator: nav, history } = win;
  const root = doc.getElementById('root');
  const path = win.location.pathname.replace(/\/+$/, '') || '/';
  const session = readJson(storage, SESSION_KEY) as { user?: EarlyUser } | null;
  const user = session?.user;
  if (!root || (path !== '/' && path !== '/sos') || typeof user?.id !== 'number') return;

  const storedLanguage = storage.getItem(LANGUAGE_KEY) as EarlyLanguage | null;
  const language: EarlyLanguage = storedLanguage && storedLanguage in catalog ? storedLanguage : 'en-US';
  const texts = catalog[language];
  doc.documentElement.lang = language;
  /** i18next's `{{name}}` interpolation, and its plural keys (`_one`/`_other`, by Intl.PluralRules). */
  const text = (key: EarlyTextKey, values: Record<string, string | number> = {}) =>
    texts[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  const plural = (key: 'sos.hint' | 'offline.sendSms', count: number) =>
    text(`${key}_${new Intl.PluralRules(language).select(count) === 'one' ? 'one' : 'other'}`, { count });

  const seconds = countdownSeconds(user.sosCountdownSeconds);
  const contacts = Array.isArray(user.emergencyContacts) ? user.emergencyContacts : [];
  const firstName = typeof user.name === 'string' ? user.name.trim().split(/\s+/)[0] : '';

  const state: EarlyState = { phase: 'idle', deadline: null, eventId: null, threat: null, contactsOnly: false, handedOver: false };
  win.saathiEarlySos = state;
  /** What the panel shows under Call 112: the SMS fallback or a refusal. */
  let notice = '';
  let timer = 0;
  let positionPromise: Promise<Position | null> | null = null;

  const vibrate = (pattern: number | number[]) => {
    try {
      nav.vibrate?.(pattern);
    } catch {
      // Haptics are a nicety (lib/position.ts vibrate).
    }
  };

  // ---- Position (lib/position.ts) ----
  const lastKnown = (): Position | null => {
    const value = readJson(storage, POSITION_KEY) as Partial<Position> | null;
    if (typeof value?.latitude !== 'number' || typeof value.longitude !== 'number' || typeof value.at !== 'number') return null;
    return { latitude: value.latitude, longitude: value.longitude, accuracy: value.accuracy ?? null, at: value.at, stale: true };
  };
  const getPosition = (timeoutMs: number) =>
    new Promise<Position | null>((resolve) => {
      if (!nav.geolocation) return resolve(lastKnown());
      nav.geolocation.getCurrentPosition(
        ({ coords, timestamp }) => {
          const fix = {
            latitude: coords.latitude,
            longitude: coords.longitude,
            accuracy: Number.isFinite(coords.accuracy) ? coords.accuracy : null,
            at: timestamp || Date.now(),
            stale: false,
          };
          try {
            storage.setItem(POSITION_KEY, JSON.stringify(fix));
          } catch {
            // Storage unavailable: no fallback next time.
          }
          resolve(fix);
        },
        () => resolve(lastKnown()),
        { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 10_000 },
      );
    });
  /** fixTimeoutMs: with a fix from the last 2 minutes, only the countdown and a moment. */
  const fixTimeout = () => {
    const known = lastKnown();
    return known && Date.now() - known.at < 120_000 ? seconds * 1000 + 300 : 8000;
  };

  // ---- Markup: the shell and the dashboard header as app-layout.tsx and dashboard-page.tsx draw them ----
  const screen = doc.createElement('div');
  screen.id = 'early-sos';
  screen.className = 'shell';
  const chips = THREAT_CHOICES.map(
    (threat) => `<button type="button" class="sos-chip" aria-pressed="false" data-threat="${threat}">${escapeHtml(text(`threats.${threat}`))}</button>`,
  ).join('');
  screen.innerHTML = [
    `<header class="app-bar"><a href="/" class="app-bar__home">${BRAND_MARK}<span class="app-bar__title">${escapeHtml(text('common:appName'))}</span></a></header>`,
    '<div class="shell__body"><main class="shell__main"><div class="shell__content"><div class="dash">',
    `<header><h1 class="dash__title">${escapeHtml(firstName ? text('greetingNamed', { name: firstName }) : text('greeting'))}</h1>`,
    `<p class="dash__subtitle">${escapeHtml(text('subtitle'))}</p></header>`,
    '<section class="sos-panel" aria-labelledby="early-sos-heading">',
    `<h2 id="early-sos-heading" class="visually-hidden">${escapeHtml(text('sos.heading'))}</h2>`,
    // The button, or the countdown, or the raised alert (render()).
    '<div data-slot="main"></div>',
    `<div class="sos-call"><a href="tel:112" class="dash-button dash-call-112">${PHONE_ICON}${escapeHtml(text('common:call112'))}</a>`,
    `<p class="sos-call__hint">${escapeHtml(text('emergency.body'))}</p></div>`,
    // The SMS fallback or a refusal (render()).
    '<div data-slot="notice"></div>',
    `<fieldset class="sos-threats"><legend class="sos-threats__legend">${escapeHtml(text('sos.threatQuestion'))}</legend>`,
    `<div class="sos-threats__chips">${chips}</div></fieldset>`,
    '<label class="sos-switch"><input type="checkbox" role="switch"><span class="sos-switch__track" aria-hidden="true"></span>',
    `<span><span class="sos-switch__label">${escapeHtml(text('sos.contactsOnly'))}</span>`,
    `<span class="sos-switch__help">${escapeHtml(text('sos.contactsOnlyHelp'))}</span></span></label>`,
    '</section></div></div></main></div>',
  ].join('');
  const mainSlot = screen.querySelector('[data-slot="main"]') as HTMLElement;
  const noticeSlot = screen.querySelector('[data-slot="notice"]') as HTMLElement;
  const threats = screen.querySelector('fieldset') as HTMLFieldSetElement;
  const contactsOnlyInput = screen.querySelector('input') as HTMLInputElement;

  const render = () => {
    const { phase } = state;
    if (phase === 'counting') {
      mainSlot.innerHTML = `<div class="sos-countdown" role="timer" aria-live="assertive" aria-atomic="true"><p class="sos-countdown__label">${escapeHtml(text('sos.countdownLabel'))}</p><p class="sos-countdown__number">${remaining()}</p><button type="button" class="sos-cancel" data-action="cancel">${escapeHtml(text('sos.cancel'))}</button></div>`;
      (mainSlot.querySelector('button') as HTMLButtonElement).focus();
    } else if (phase === 'raised') {
      const href = `/sos-mode?sosEventId=${state.eventId}&contactsOnly=${state.contactsOnly}`;
      mainSlot.innerHTML = `<a class="sos-active-banner" href="${href}" role="status"><span class="sos-active-banner__dot" aria-hidden="true"></span><span><strong>${escapeHtml(text('sos.activeTitle'))}</strong> ${escapeHtml(text('sos.activeBody'))}</span></a>`;
    } else {
      const sending = phase === 'sending';
      mainSlot.innerHTML = `<div class="sos-button-wrap"><button type="button" class="sos-button" data-action="press"${sending ? ' disabled' : ''} aria-describedby="early-sos-hint"><span class="sos-button__label">${escapeHtml(text('sos.button'))}</span><span class="sos-button__caption">${escapeHtml(text(sending ? 'sos.sending' : 'sos.press'))}</span></button><p id="early-sos-hint" class="sos-hint">${escapeHtml(seconds > 0 ? plural('sos.hint', seconds) : text('sos.hintNow'))}</p></div>`;
    }
    noticeSlot.innerHTML = notice;
    threats.disabled = contactsOnlyInput.disabled = phase === 'counting' || phase === 'sending' || phase === 'raised';
    for (const chip of threats.querySelectorAll('button')) chip.setAttribute('aria-pressed', String(chip.dataset.threat === state.threat));
  };

  const remaining = () => Math.max(1, Math.ceil(((state.deadline ?? 0) - Date.now()) / 1000));

  // ---- The SOS flow (sos-panel.tsx) ----
  const press = () => {
    vibrate(60);
    notice = '';
    positionPromise = getPosition(fixTimeout());
    if (seconds <= 0) return void fire();
    state.phase = 'counting';
    state.deadline = Date.now() + seconds * 1000;
    render();
    vibrate(40);
    let shown = remaining();
    timer = win.setInterval(() => {
      if (Date.now() >= (state.deadline ?? 0)) return void fire();
      if (remaining() !== shown) {
        shown = remaining();
        (mainSlot.querySelector('.sos-countdown__number') as HTMLElement).textContent = String(shown);
        vibrate(40);
      }
    }, 100);
  };

  const backToIdle = () => {
    win.clearInterval(timer);
    state.phase = 'idle';
    state.deadline = null;
    render();
    handOver();
  };

  const cancel = () => {
    vibrate(30);
    positionPromise = null;
    backToIdle();
  };

  const showFallback = (offline: boolean, position: Position | null) => {
    const coordinates = position ? formatCoordinates(position.latitude, position.longitude) : '';
    const values = smsMessageValues(position);
    const message = values ? text('offline.message', values) : text('offline.messageNoLocation');
    const where = position
      ? `<p class="sos-fallback__coords">${escapeHtml(text('offline.coordinates', { coordinates }) + (position.stale ? ` ${text('offline.lastKnown')}` : ''))}</p>`
      : '';
    notice = `<div class="sos-fallback" role="alert"><p class="sos-fallback__title">${escapeHtml(text(offline ? 'offline.title' : 'offline.noPositionTitle'))}</p><p>${escapeHtml(text(offline ? 'offline.body' : 'offline.noPositionBody'))}</p>${where}<div class="sos-fallback__actions"><a class="dash-button dash-button--sms" href="${escapeHtml(buildSosSmsLink(contacts, message))}">${escapeHtml(contacts.length > 0 ? plural('offline.sendSms', contacts.length) : text('offline.sendSmsNoContacts'))}</a><a class="dash-button dash-button--danger" href="tel:112">${PHONE_ICON.replace(/"24"/g, '"20"')}${escapeHtml(text('common:call112'))}</a><button type="button" class="dash-button dash-button--text" data-action="dismiss">${escapeHtml(text('offline.dismiss'))}</button></div></div>`;
    state.phase = 'fallback';
    render();
    noticeSlot.firstElementChild?.scrollIntoView?.({ block: 'nearest' });
  };

  const fire = async () => {
    win.clearInterval(timer);
    if (state.phase === 'sending') return;
    vibrate([200, 100, 200]);
    state.phase = 'sending';
    state.deadline = null;
    render();
    const position = await (positionPromise ?? getPosition(8000));
    positionPromise = null;
    if (nav.onLine === false) return showFallback(true, position);
    if (!position) return showFallback(false, null);
    let response: Response;
    try {
      response = await win.fetch('/api/sos', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { Accept: 'application/json', 'Accept-Language': language, 'Content-Type': 'application/json' },
        body: JSON.stringify(sosRequestBody(position, state.threat, state.contactsOnly)),
      });
    } catch {
      return showFallback(true, position);
    }
    const event = (await response.json().catch(() => null)) as { id?: unknown; contactsOnly?: unknown } | null;
    if (!response.ok || typeof event?.id !== 'number') {
      // Refused (rate limit, session ended): the panel says why, in the words of the React
      // panel (lib/error-text.ts); 112 stays one tap away.
      const seconds = Number((event as { error?: { params?: { seconds?: unknown } } } | null)?.error?.params?.seconds);
      const wait = Number.isFinite(seconds) && seconds > 0 ? waitText(seconds, language) : text('errors:aMoment');
      notice = `<p class="sos-error" role="alert">${escapeHtml(text(`errors:${refusalCode(response.status, event)}`, { wait }))}</p>`;
      backToIdle();
      noticeSlot.firstElementChild?.scrollIntoView?.({ block: 'nearest' });
      return;
    }
    state.eventId = event.id;
    state.contactsOnly = event.contactsOnly === true;
    try {
      storage.setItem(ACTIVE_EVENT_KEY, JSON.stringify({ id: event.id, contactsOnly: state.contactsOnly, userId: user.id }));
    } catch {
      // The banner just does not appear after a reload.
    }
    state.phase = 'raised';
    render();
    // The React flow navigates to SOS mode; React Router follows a popstate to the pushed URL.
    // Its history entries carry an index (`idx`), which this one continues.
    const entry = { usr: null, key: 'early-sos', idx: ((history.state as { idx?: number } | null)?.idx ?? 0) + 1 };
    history.pushState(entry, '', `/sos-mode?sosEventId=${event.id}&contactsOnly=${state.contactsOnly}`);
    win.dispatchEvent(new PopStateEvent('popstate', { state: entry }));
    handOver();
  };

  screen.addEventListener('click', (event) => {
    const target = (event.target as Element).closest<HTMLElement>('[data-action],[data-threat]');
    const action = target?.dataset.action;
    if (action === 'press') press();
    else if (action === 'cancel') cancel();
    else if (action === 'dismiss') {
      notice = '';
      backToIdle();
    } else if (target?.dataset.threat) {
      const threat = target.dataset.threat as Threat;
      state.threat = state.threat === threat ? null : threat;
      render();
      handOver();
    }
  });
  contactsOnlyInput.addEventListener('change', () => {
    state.contactsOnly = contactsOnlyInput.checked;
    handOver();
  });

  // ---- Hand-over to React ----
  /**
   * React has drawn a screen, and nothing here would be lost. Idle with no refusal on show and
   * no threat or switch chosen (React's panel would not know them; with a choice made, this
   * screen stays and raises the alert itself): on
   * the dashboard's path, once its SOS panel is there (a dashboard chunk that failed to load
   * leaves this working SOS in place, not an error page); elsewhere (React sent a signed-out
   * user to /login), once no loading bar is left. Raised: once React is past the dashboard.
   */
  const reactReady = () => {
    if (!root.firstElementChild || root.querySelector('.page-loading')) return false;
    const onDashboard = /^\/(sos\/?)?$/.test(win.location.pathname);
    if (state.phase === 'idle') return !notice && !state.threat && !state.contactsOnly && (!onDashboard || root.querySelector('.sos-panel') !== null);
    return state.phase === 'raised' && !root.querySelector('.sos-panel');
  };
  const observer = new win.MutationObserver(() => handOver());
  function handOver() {
    if (state.handedOver || !reactReady()) return;
    state.handedOver = true;
    observer.disconnect();
    screen.remove();
    doc.documentElement.classList.remove('early-sos');
  }

  render();
  doc.documentElement.classList.add('early-sos');
  root.before(screen);
  observer.observe(root, { childList: true, subtree: true });
}
