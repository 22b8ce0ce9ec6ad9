import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SosRecipient, User } from '@saathi/shared';
import { stubFetch, type FetchMock } from '../../../test/contract-answers';
import { page, renderRoutes } from '../../../test/render';
import { clearSession, setSession } from '../../../entities/session';
import { emit } from '../../../test/live-events';
import { SosModePage } from './sos-mode-page';
import { json, never, ownerEvent, recipient, stubOwnerFetch, stubSlowGeolocation, volunteerEvent } from '../../../test/sos-events';

// The stream is replaced: the tests hand the screen its live messages.
vi.mock('../../../entities/live-events/live-events', () => import('../../../test/live-events'));

const render = () => renderRoutes([page('/sos-mode', <SosModePage />)], '/sos-mode?sosEventId=7');

/** Event 7 as Priya's emergency contact sees it: chosen by her, so the location before answering. */
const contactEvent = () =>
  volunteerEvent({
    recipientRole: 'contact',
    victim: {
      firstName: 'Priya',
      location: { latitude: 23.0226, longitude: 72.5716, accuracy: 15, at: '2026-01-10T10:00:05.000Z' },
      distanceM: null,
      distanceBand: null,
      mapsUrl: 'https://www.google.com/maps?q=23.0226,72.5716',
    },
  });

describe('SOS mode, an emergency contact', () => {
  let fetchMock: FetchMock;
  let answer: () => Response;

  beforeEach(() => {
    setSession({ id: 3, name: 'Anil Patel' } as User);
    stubSlowGeolocation();
    answer = () => json({ eventId: 7, status: 'accepted', distanceM: 800 });
    // What the server holds: the answer the last accept or decline took.
    let response: 'notified' | 'accepted' | 'declined' = 'notified';
    fetchMock = stubFetch((url: string, init?: RequestInit) => {
      if (url === '/api/sos/7' && (init?.method ?? 'GET') === 'GET') {
        const event = contactEvent();
        return Promise.resolve(json({ ...event, response, victim: { ...event.victim, distanceM: response === 'accepted' ? 800 : null } }));
      }
      if (url === '/api/sos/7/accept' || url === '/api/sos/7/decline') {
        const answered = answer();
        if (answered.ok) response = url.endsWith('/accept') ? 'accepted' : 'declined';
        return Promise.resolve(answered);
      }
      return never();
    });
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });

  const calls = (suffix: string) => fetchMock.mock.calls.filter(([url]) => String(url).endsWith(suffix));

  it('says they were chosen, shows where the person is, and answers "I\'m coming"', async () => {
    const user = userEvent.setup();
    await render();
    expect(await screen.findByText('Priya chose you as an emergency contact.')).toBeVisible();
    expect(screen.getByText('Can you go to Priya? They will see that you are coming.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Live location' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: "I'm coming" }));
    await waitFor(() => expect(calls('/accept')).toHaveLength(1));
    expect(await screen.findByText('You are going')).toBeVisible();
    expect(screen.getByText('Priya can see that you are coming. Go carefully, and call 112 if needed.')).toBeVisible();
  });

  it('"I can\'t come" declines at once, without asking a volunteer\'s reasons', async () => {
    answer = () => json({ eventId: 7, status: 'declined', distanceM: null });
    const user = userEvent.setup();
    await render();
    await user.click(await screen.findByRole('button', { name: "I can't come" }));
    await waitFor(() => expect(calls('/decline')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows a refusal's true reason in words, not a general failure", async () => {
    answer = () => json({ error: { code: 'sos_not_alerted', message: 'Only volunteers and contacts alerted for this SOS can answer it' } }, 403);
    const user = userEvent.setup();
    await render();
    await user.click(await screen.findByRole('button', { name: "I'm coming" }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Only the volunteers and emergency contacts who were alerted for this SOS can answer it.');
    // A refusal is final: no "Try again" that the server would refuse again.
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says why the server refused "I can\'t come"', async () => {
    answer = () => json({ error: { code: 'sos_ended', message: 'This SOS has ended' } }, 409);
    const user = userEvent.setup();
    await render();
    await user.click(await screen.findByRole('button', { name: "I can't come" }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This SOS has already ended, so your answer is no longer needed.');
  });

  it('learns that the SOS ended from the live event, without asking the server again', async () => {
    await render();
    expect(await screen.findByText('Priya chose you as an emergency contact.')).toBeVisible();
    const gets = calls('/api/sos/7').length;
    await emit({ type: 'sos.updated', data: { eventId: 7, status: 'resolved' } });
    expect(await screen.findByRole('heading', { name: 'This SOS has ended' })).toBeVisible();
    expect(calls('/api/sos/7')).toHaveLength(gets);
  });
});

describe('SOS mode, owner: ending the SOS', () => {
  beforeEach(() => {
    setSession({ id: 2, name: 'Priya Sharma' } as User);
    stubSlowGeolocation();
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });

  it('says why the server refused "I am safe", in words', async () => {
    stubOwnerFetch(ownerEvent(), {
      answers: { '/api/sos/7/resolve': () => json({ error: { code: 'sos_ended', message: 'This SOS was already cancelled' } }, 409) },
    });
    const user = userEvent.setup();
    await render();
    await user.click(await screen.findByRole('button', { name: 'I am safe' }));
    expect(await screen.findByText('This SOS has ended.')).toBeVisible();
  });
});

describe('SOS mode, owner: her contact is coming', () => {
  /** Anil, her contact who also volunteers nearby, alerted with Kavita. */
  const anil = (overrides: Partial<SosRecipient> = {}) =>
    recipient({
      notificationId: 42,
      kind: 'contact',
      alsoVolunteer: true,
      userId: 3,
      name: 'Anil bhai',
      distanceBand: null,
      radiusM: null,
      tier: null,
      ...overrides,
    });

  beforeEach(() => {
    setSession({ id: 2, name: 'Priya Sharma' } as User);
    stubSlowGeolocation();
    const event = ownerEvent();
    stubOwnerFetch({ ...event, alerted: [anil(), ...event.alerted] }, { firstLoadOnly: true });
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });

  it('says who is coming, as her contact, with how far they are; counts a contact who volunteers among the volunteers', async () => {
    await render();
    expect(await screen.findByText('Emergency contact · also a volunteer nearby')).toBeVisible();
    expect(screen.getByText('2 volunteers alerted within 500 m')).toBeVisible();
    await emit({
      type: 'sos.accepted',
      data: {
        eventId: 7,
        recipient: anil({ status: 'accepted', distanceM: 800 }),
      },
    });
    const coming = await screen.findByRole('list', { name: '1 person is coming' }, { timeout: 300 });
    expect(coming).toHaveTextContent('Anil bhai · 800 m');
    expect(coming).toHaveTextContent('Emergency contact · also a volunteer nearby');
  });
});
