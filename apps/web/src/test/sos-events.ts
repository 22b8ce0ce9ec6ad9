import { vi } from 'vitest';
import type { CreateSosBody, SosEventOwnerView, SosEventVolunteerView, SosRecipient } from '@saathi/shared';
import { jsonResponse, stubFetch } from './contract-answers';
import { makeUser } from './user';

/** A volunteer alerted within 500 m who has not answered yet. */
export const recipient = (overrides: Partial<SosRecipient> = {}): SosRecipient => ({
  notificationId: 41,
  kind: 'volunteer',
  alsoVolunteer: false,
  userId: 11,
  name: 'Kavita',
  phoneNumber: null,
  status: 'notified',
  deliveryStatus: 'sent',
  distanceM: null,
  distanceBand: '0-500',
  radiusM: 500,
  respondedAt: null,
  tier: 'volunteer',
  verifiedProfession: null,
  sceneStatus: null,
  handedTo: null,
  sms: null,
  ...overrides,
  // Why they were reached follows the kind unless a test says otherwise.
  role: overrides.role ?? overrides.kind ?? 'volunteer',
});

/** Event 7: a medical alert, active, seen by everyone alike. */
const EVENT: Pick<SosEventVolunteerView, 'id' | 'status' | 'practice' | 'threat' | 'contactsOnly' | 'createdAt' | 'updatedAt' | 'endedAt'> = {
  id: 7,
  status: 'active',
  practice: false,
  threat: 'medical',
  contactsOnly: false,
  createdAt: '2026-01-10T10:00:00.000Z',
  updatedAt: '2026-01-10T10:00:00.000Z',
  endedAt: null,
};

/** Event 7 as a volunteer the alert reached sees it before answering. */
export const volunteerEvent = (overrides: Partial<SosEventVolunteerView> = {}): SosEventVolunteerView => ({
  ...EVENT,
  role: 'volunteer',
  recipientRole: 'volunteer',
  response: 'notified',
  victim: { firstName: 'Priya', location: null, distanceM: null, distanceBand: '0-500', mapsUrl: null },
  verifiedProfession: null,
  sceneStatus: null,
  handedTo: null,
  responders: [],
  ...overrides,
});

/** Event 7 as its owner sees it: one volunteer alerted, nobody coming yet. */
export const ownerEvent = (): SosEventOwnerView => ({
  ...EVENT,
  role: 'owner',
  userId: 2,
  location: { latitude: 23.0226, longitude: 72.5716, accuracy: 15, at: '2026-01-10T10:00:00.000Z' },
  lastLocation: null,
  radiusM: 500,
  radiusStep: 0,
  alerted: [recipient()],
  accepted: [],
});

/**
 * What POST /sos answers for the body it was sent: a new event (as its owner sees it) at the
 * position, with the threat and the contacts-only choice of the request; `overrides` for the
 * rest (its id, its owner).
 */
export const raisedEvent = (sent: CreateSosBody, overrides: Partial<SosEventOwnerView> = {}): SosEventOwnerView => ({
  ...ownerEvent(),
  threat: sent.threat ?? null,
  contactsOnly: sent.contactsOnly ?? false,
  location: { latitude: sent.latitude, longitude: sent.longitude, accuracy: sent.accuracy ?? null, at: '2026-01-10T10:00:00.000Z' },
  alerted: [],
  ...overrides,
});

export const json = (body: unknown, status = 200) => jsonResponse(status, body);
/** A request that never answers. */
export const never = () => new Promise<Response>(() => undefined);

/** A phone whose GPS takes its time: no fix ever arrives during the test. */
export function stubSlowGeolocation() {
  const getCurrentPosition = vi.fn();
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition, watchPosition: vi.fn(() => 1), clearWatch: vi.fn() } });
  return getCurrentPosition;
}

/**
 * The owner's screen's calls: event 7 as `event` (with `firstLoadOnly`, later loads never answer,
 * so what follows must come from the live events) and the signed-in owner, who does not record;
 * `answers` answers other calls by URL.
 */
export function stubOwnerFetch(
  event: SosEventOwnerView,
  { firstLoadOnly = false, answers = {} }: { firstLoadOnly?: boolean; answers?: Record<string, () => Response> } = {},
) {
  let gets = 0;
  return stubFetch((url: string, init?: RequestInit) => {
    const answer = answers[url];
    if (answer) return Promise.resolve(answer());
    if (url === '/api/sos/7' && (init?.method ?? 'GET') === 'GET') {
      gets += 1;
      return firstLoadOnly && gets > 1 ? never() : Promise.resolve(json(event));
    }
    if (url === '/api/users/me') return Promise.resolve(json(makeUser({ id: 2, name: 'Priya Sharma', startAudioVideoRecordOnSos: false })));
    return never();
  });
}
