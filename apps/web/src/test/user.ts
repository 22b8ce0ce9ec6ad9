import type { SavedLocation, UpdateUserBody, User } from '@saathi/shared';
import { DEFAULT_LANGUAGE } from '@saathi/shared/languages';
import { jsonResponse, stubFetch } from './contract-answers';
import { reloadSessionFromStorage, SESSION_STORAGE_KEY } from '../entities/session';

/** A saved place as the profile holds it: "Home" at Ellisbridge, Ahmedabad, unless patched; `at` moves it. */
export function makeSavedLocation({
  at = { latitude: 23.0225, longitude: 72.5714 },
  ...patch
}: Partial<SavedLocation> & { at?: { latitude: number; longitude: number } } = {}): SavedLocation {
  return {
    id: 1,
    name: 'Home',
    isBusinessLocation: false,
    isVolunteerLocation: false,
    location: { type: 'Point', coordinates: [at.longitude, at.latitude] },
    ...patch,
  };
}

/** A signed-in user as GET /users/me returns it, with an empty profile. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 42,
    phoneNumber: '9812345678',
    userType: 'Youth',
    roles: ['user'],
    permissions: [],
    name: null,
    email: null,
    isVerified: true,
    city: null,
    state: null,
    pincode: null,
    dob: null,
    profession: null,
    availableForCommunity: false,
    availableForPaidProfessionalService: false,
    shareLiveLocation: false,
    hasJoinedCommunity: false,
    startAudioVideoRecordOnSos: false,
    streamAudioVideoOnSos: false,
    broadcastAudioOnSos: false,
    showOnLeaderboard: true,
    breakingNewsAlerts: false,
    sosCountdownSeconds: 3,
    referralId: 'K7M2Q9XA',
    referredBy: null,
    isAmbassador: false,
    canCreatePost: false,
    businessName: null,
    businessCategory: null,
    whatsappNumber: null,
    profileImage: null,
    avatar: null,
    defaultApp: 'sos',
    language: DEFAULT_LANGUAGE,
    newsPreferences: { language: 'en', categories: [], newsType: 'all' },
    emergencyContacts: [],
    locations: [],
    profileCompleted: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function signIn(user: User, token = 'test-token'): void {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token, user }));
  reloadSessionFromStorage();
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

type Reply = { status: number; body?: unknown };
type Handler = (request: RecordedRequest) => Reply;

/**
 * Stubs `fetch`, the one network boundary of the app. `PATCH /api/users/me` answers with the
 * user merged with the body (sent places under new ids, as the server stores them) unless a
 * handler says otherwise; every request is recorded. Every
 * answer is checked against the contract (src/test/contract-answers.ts).
 */
export function mockApi(user: User, handlers: Record<string, Handler> = {}) {
  const requests: RecordedRequest[] = [];
  let current = user;
  let nextLocationId = Math.max(0, ...user.locations.map((place) => place.id)) + 1;
  stubFetch(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input as string | URL, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { method, path: url.pathname, body };
    requests.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    if (handler) {
      const reply = handler(request);
      return jsonResponse(reply.status, reply.body);
    }
    if (method === 'GET' && url.pathname === '/api/users/me') return jsonResponse(200, current);
    if (method === 'PATCH' && url.pathname === '/api/users/me') {
      const { locations, ...rest } = body as UpdateUserBody;
      current = { ...current, ...(rest as Partial<User>) };
      // The server stores the places sent as a new list, each under a new id.
      if (locations) current.locations = locations.map((place) => ({ isBusinessLocation: false, isVolunteerLocation: false, ...place, id: nextLocationId++ }));
      return jsonResponse(200, current);
    }
    return jsonResponse(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  return {
    requests,
    /** Bodies of the PATCH /users/me calls, in order. */
    patches: () => requests.filter((r) => r.method === 'PATCH' && r.path === '/api/users/me').map((r) => r.body),
  };
}
