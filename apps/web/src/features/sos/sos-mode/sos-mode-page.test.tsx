import { useEffect } from 'react';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SosEventVolunteerView, SosRecipient, User } from '@saathi/shared';
import { stubFetch, type FetchMock } from '../../../test/contract-answers';
import { page, renderRoutes } from '../../../test/render';
import { clearSession, setSession } from '../../../entities/session';
import { emit } from '../../../test/live-events';
import { useToast, type ToastApi } from '../../../components/toast';
import { sosKeys } from '../../../entities/sos-event';
import { SosModePage } from './sos-mode-page';
import { json, ownerEvent, recipient, stubOwnerFetch, stubSlowGeolocation, volunteerEvent } from '../../../test/sos-events';

// The stream is replaced: the tests hand the screen its live messages.
vi.mock('../../../entities/live-events/live-events', () => import('../../../test/live-events'));

interface Deferred {
  promise: Promise<Response>;
  resolve: (response: Response) => void;
  reject: (error: unknown) => void;
}
function deferred(): Deferred {
  let resolve: Deferred['resolve'] = () => undefined;
  let reject: Deferred['reject'] = () => undefined;
  const promise = new Promise<Response>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const acceptedEvent = () =>
  volunteerEvent({
    response: 'accepted',
    victim: {
      firstName: 'Priya',
      location: { latitude: 23.0226, longitude: 72.5716, accuracy: 15, at: '2026-01-10T10:00:05.000Z' },
      distanceM: 130,
      distanceBand: '0-500',
      mapsUrl: 'https://www.google.com/maps?q=23.0226,72.5716',
    },
  });

const render = () => renderRoutes([page('/sos-mode', <SosModePage />)], '/sos-mode?sosEventId=7');

describe('SOS mode, volunteer: Accept', () => {
  let respond: Deferred[];
  let fetchMock: FetchMock;
  let eventAfterAnswer: SosEventVolunteerView;

  beforeEach(() => {
    setSession({ id: 11, name: 'Kavita Joshi' } as User);
    stubSlowGeolocation();
    respond = [];
    eventAfterAnswer = acceptedEvent();
    let answered = false;
    fetchMock = stubFetch((url: string, init?: RequestInit) => {
      if (url === '/api/sos/7' && (init?.method ?? 'GET') === 'GET') return Promise.resolve(json(answered ? eventAfterAnswer : volunteerEvent()));
      if (url === '/api/sos/7/accept' || url === '/api/sos/7/decline') {
        const next = deferred();
        respond.push(next);
        return next.promise.then((response) => {
          if (response.ok) answered = true;
          return response;
        });
      }
      return Promise.resolve(json({ error: { code: 'not_found', message: 'Not found' } }, 404));
    });
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });

  const answers = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/accept'));

  it('shows the tap at once on the tapped button and sends it without waiting for a GPS fix, then "You are going"', async () => {
    const user = userEvent.setup();
    await render();
    await user.click(await screen.findByRole('button', { name: 'Accept' }));

    // At once: the tapped button says it is working; the other one waits.
    const working = screen.getByRole('button', { name: /Accepting/ });
    expect(working).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Decline' })).toBeDisabled();
    // Sent straight away, although the GPS has not answered.
    await waitFor(() => expect(answers()).toHaveLength(1), { timeout: 300 });

    respond[0]!.resolve(json({ eventId: 7, status: 'accepted', distanceM: 130 }));
    expect(await screen.findByText('You are going')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Live location' })).toBeVisible();
  });

  it('sends the GPS fix once it comes, as a second accept, so the victim learns how far they really are', async () => {
    let giveFix: (position: GeolocationPosition) => void = () => undefined;
    const getCurrentPosition = stubSlowGeolocation();
    getCurrentPosition.mockImplementation((success: PositionCallback) => (giveFix = success));
    const user = userEvent.setup();
    await render();
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(answers()).toHaveLength(1), { timeout: 300 });
    expect((answers()[0]![1] as RequestInit).body).toBeUndefined();
    respond[0]!.resolve(json({ eventId: 7, status: 'accepted', distanceM: 300 }));
    expect(await screen.findByText('You are going')).toBeVisible();

    await waitFor(() => expect(getCurrentPosition).toHaveBeenCalled());
    act(() =>
      giveFix({
        coords: { latitude: 23.0231, longitude: 72.5705, accuracy: 9, altitude: null, altitudeAccuracy: null, heading: null, speed: null },
        timestamp: Date.now(),
      } as GeolocationPosition),
    );
    await waitFor(() => expect(answers()).toHaveLength(2));
    expect(JSON.parse((answers()[1]![1] as RequestInit).body as string)).toEqual({ latitude: 23.0231, longitude: 72.5705 });
    respond[1]!.resolve(json({ eventId: 7, status: 'accepted', distanceM: 120 }));
  });

  it('says why an answer failed, and lets them try again', async () => {
    const user = userEvent.setup();
    await render();
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(answers()).toHaveLength(1), { timeout: 300 });
    respond[0]!.reject(new TypeError('Failed to fetch'));

    expect(await screen.findByText('No connection: your answer was not sent. Check your network and try again.')).toBeVisible();
    // Rolled back: nothing says they are going, and Accept works again.
    expect(screen.queryByText('You are going')).toBeNull();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(answers()).toHaveLength(2), { timeout: 300 });
    expect(screen.getByRole('button', { name: /Accepting/ })).toHaveAttribute('aria-busy', 'true');
    respond[1]!.resolve(json({ eventId: 7, status: 'accepted', distanceM: 130 }));
    expect(await screen.findByText('You are going')).toBeVisible();
    expect(screen.queryByText(/your answer was not sent/)).toBeNull();
  });

  it('explains a refusal by the server in words', async () => {
    const user = userEvent.setup();
    await render();
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(answers()).toHaveLength(1), { timeout: 300 });
    respond[0]!.resolve(json({ error: { code: 'internal_error', message: 'Something went wrong' } }, 500));
    expect(await screen.findByText('The server could not take your answer just now. Try again.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});

describe('SOS mode, owner: a volunteer accepts', () => {
  beforeEach(() => {
    setSession({ id: 2, name: 'Priya Sharma' } as User);
    stubSlowGeolocation();
    // Only the first load answers: what follows must come from the live event itself.
    stubOwnerFetch(ownerEvent(), { firstLoadOnly: true });
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });

  it('shows the volunteer coming from the live event, without waiting for a refetch', async () => {
    await render();
    expect(await screen.findByRole('heading', { name: 'No volunteer has accepted yet' })).toBeVisible();
    await emit({
      type: 'sos.accepted',
      data: { eventId: 7, recipient: recipient({ status: 'accepted', distanceM: 120, respondedAt: '2026-01-10T10:00:09.000Z' }) },
    });
    expect(await screen.findByRole('heading', { name: '1 volunteer is coming' }, { timeout: 300 })).toBeVisible();
    expect(screen.getByRole('list', { name: '1 volunteer is coming' })).toHaveTextContent('Kavita · 120 m');
  });
});

describe('SOS mode, owner: the SMS to each contact', () => {
  /** 22:31 on the phone's own clock, whatever time zone the tests run in. */
  const at2231 = new Date(2026, 0, 10, 22, 31).toISOString();
  const contact = (notificationId: number, name: string, phoneNumber: string, sms: SosRecipient['sms']) =>
    recipient({ notificationId, kind: 'contact', userId: null, name, phoneNumber, distanceBand: null, radiusM: null, tier: null, sms });

  beforeEach(() => {
    setSession({ id: 2, name: 'Priya Sharma' } as User);
    stubSlowGeolocation();
    stubOwnerFetch({
      ...ownerEvent(),
      alerted: [
        recipient(),
        contact(51, 'Didi', '9876543210', { status: 'undelivered', updatedAt: at2231 }),
        contact(52, 'Papa', '9123456789', { status: 'delivered', updatedAt: at2231 }),
        contact(53, 'Ravi', '9988776655', null),
      ],
    });
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });

  it('shows under each contact where their SMS is, and a call button for whoever it did not reach', async () => {
    await render();
    const list = await screen.findByRole('list', { name: 'Who was alerted' });
    const [didi, papa, ravi, volunteer] = within(list).getAllByRole('listitem');
    expect(didi).toHaveTextContent('Didi');
    expect(within(didi!).getByRole('alert')).toHaveTextContent('SMS to Didi failed: call them');
    expect(within(didi!).getByRole('link', { name: 'Call Didi' })).toHaveAttribute('href', 'tel:+919876543210');
    expect(papa).toHaveTextContent('SMS delivered to Papa · 10:31 PM');
    expect(within(papa!).getByRole('link', { name: 'Call Papa' })).toHaveAttribute('href', 'tel:+919123456789');
    // Not written yet: nothing to say, nothing to call from here.
    expect(ravi).toHaveTextContent('Ravi');
    expect(ravi).not.toHaveTextContent('SMS');
    expect(within(ravi!).queryByRole('link')).toBeNull();
    expect(volunteer).toHaveTextContent('Kavita');
    expect(volunteer).not.toHaveTextContent('SMS');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});

describe('SOS mode, owner: a contacts-only SOS', () => {
  beforeEach(() => {
    setSession({ id: 2, name: 'Priya Sharma' } as User);
    stubSlowGeolocation();
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });

  it('waits for the contacts, not for volunteers it never alerted', async () => {
    stubOwnerFetch({ ...ownerEvent(), contactsOnly: true, alerted: [], accepted: [] });
    await render();
    expect(await screen.findByRole('heading', { name: 'Nobody has said they are coming yet' })).toBeVisible();
    expect(screen.getByText('Your emergency contacts were alerted. When one of them says they are coming, you will see it here.')).toBeVisible();
    expect(screen.queryByText(/volunteer/i)).toBeNull();
  });

  it('still speaks of volunteers when they were alerted', async () => {
    stubOwnerFetch({ ...ownerEvent(), contactsOnly: false, accepted: [] });
    await render();
    expect(await screen.findByRole('heading', { name: 'No volunteer has accepted yet' })).toBeVisible();
    expect(screen.getByText('Waiting for a volunteer to accept. We are alerting more people nearby.')).toBeVisible();
  });
});

describe('SOS mode, owner: toasts about anything else wait', () => {
  let toast: ToastApi;
  function GrabToast() {
    const api = useToast();
    useEffect(() => {
      toast = api;
    }, [api]);
    return null;
  }

  beforeEach(() => {
    setSession({ id: 2, name: 'Priya Sharma' } as User);
    stubSlowGeolocation();
    stubOwnerFetch(ownerEvent());
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });

  it('the app’s own news does not cover the active SOS, and shows once it has ended', async () => {
    const { queryClient } = await renderRoutes(
      [
        page(
          '/sos-mode',
          <>
            <SosModePage />
            <GrabToast />
          </>,
        ),
      ],
      '/sos-mode?sosEventId=7',
    );
    expect(await screen.findByRole('heading', { name: 'SOS active' })).toBeVisible();
    act(() => {
      toast.success('Saathi is ready to open without internet', { background: true });
      toast.error('Could not end the SOS. Try again.');
    });
    expect(await screen.findByText('Could not end the SOS. Try again.')).toBeVisible();
    expect(screen.queryByText('Saathi is ready to open without internet')).toBeNull();

    act(() => {
      queryClient.setQueryData(sosKeys.event(7), { ...ownerEvent(), status: 'resolved', endedAt: '2026-01-10T10:05:00.000Z' });
    });
    expect(await screen.findByText('Saathi is ready to open without internet', {}, { timeout: 8000 })).toBeVisible();
  });
});
