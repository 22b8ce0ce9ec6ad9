import { act, cleanup, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SafetyTimerView, User } from '@saathi/shared';
import { jsonResponse, stubFetch } from '../../test/contract-answers';
import { page, renderRoutes } from '../../test/render';
import { clearSession, setSession } from '../../entities/session';
import { changeAppLanguage } from '../../i18n';
import { SafetyTimerPage } from './safety-timer-page';

/** 22:31 on the phone's own clock, whatever time zone the tests run in. */
const AT_22_31 = new Date(2026, 0, 10, 22, 31).toISOString();

/** Timer 3, started an hour ago and due now: running, nobody alerted yet. */
const timer = (overrides: Partial<SafetyTimerView> = {}): SafetyTimerView => ({
  id: 3,
  status: 'running',
  stage: 'running',
  startedAt: new Date(Date.now() - 60 * 60_000).toISOString(),
  dueAt: new Date(Date.now() + 10 * 60_000).toISOString(),
  endedAt: null,
  destination: null,
  contactIds: null,
  contactsOnly: false,
  journey: false,
  extendedMinutes: 0,
  extendableMinutes: 60,
  contactSms: [],
  ...overrides,
});

/** The timer ran out and alerted two contacts: Didi's SMS did not arrive, Papa's went out. */
const alertedTimer = () =>
  timer({
    stage: 'contacts_alerted',
    dueAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    extendableMinutes: 0,
    contactSms: [
      { name: 'Didi', phoneNumber: '9876543210', sms: { status: 'failed', updatedAt: AT_22_31 } },
      { name: 'Papa', phoneNumber: '9123456789', sms: { status: 'sent', updatedAt: AT_22_31 } },
    ],
  });

function serveTimer(current: SafetyTimerView) {
  stubFetch((url: string) => {
    if (url === '/api/safety-timers/current') return Promise.resolve(jsonResponse(200, { timer: current }));
    if (url === '/api/users/me/safety-pins') return Promise.resolve(jsonResponse(200, { set: true }));
    return new Promise<Response>(() => undefined);
  });
}

const render = () => renderRoutes([page('/safety-timer', <SafetyTimerPage />)], '/safety-timer');

describe('safety timer: the SMS to each contact it alerted', () => {
  beforeEach(() => setSession({ id: 2, name: 'Priya Sharma' } as User));
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });
  // The test files of a worker share i18next: leave it in English.
  afterAll(() => changeAppLanguage('en-US'));

  it('lists each contact with where their SMS is, and a call button for whoever it did not reach', async () => {
    serveTimer(alertedTimer());
    await render();
    expect(await screen.findByRole('heading', { name: 'SMS to your contacts' })).toBeVisible();
    const [didi, papa] = within(screen.getByRole('list', { name: 'SMS to your contacts' })).getAllByRole('listitem');
    const warning = within(didi!).getByRole('alert');
    expect(warning).toHaveClass('MuiAlert-colorWarning');
    expect(warning).toHaveTextContent('SMS to Didi failed: call them');
    expect(within(didi!).getByRole('link', { name: 'Call Didi' })).toHaveAttribute('href', 'tel:+919876543210');
    expect(papa).toHaveTextContent('SMS sent to Papa · 10:31 PM');
    expect(within(papa!).queryByRole('link')).toBeNull();
  });

  it('shows no list while no contact was alerted', async () => {
    serveTimer(timer());
    await render();
    expect(await screen.findByTestId('time-left')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'SMS to your contacts' })).toBeNull();
    expect(screen.queryByText(/SMS/)).toBeNull();
    expect(screen.queryByRole('link', { name: /^Call/ })).toBeNull();
  });

  it("sends a journey's timer to the journey's own screen, with no PIN pad or position of its own here", async () => {
    serveTimer(timer({ journey: true }));
    await render();
    expect(await screen.findByText(/Your journey is running/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the journey' })).toHaveAttribute('href', '/journey');
    expect(screen.queryByTestId('time-left')).toBeNull();
  });

  it('speaks Gujarati', async () => {
    serveTimer(alertedTimer());
    await render();
    await screen.findByRole('heading', { name: 'SMS to your contacts' });
    await act(() => changeAppLanguage('gu-IN'));
    expect(await screen.findByRole('heading', { name: 'તમારા સંપર્કોને મોકલેલા SMS' })).toBeVisible();
    expect(screen.getByText('Didi સુધી SMS પહોંચ્યો નહીં: તેમને કૉલ કરો')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Didiને કૉલ કરો' })).toHaveAttribute('href', 'tel:+919876543210');
    expect(screen.getByText('Papaને SMS મોકલાયો · 10:31 PM')).toBeVisible();
  });
});
