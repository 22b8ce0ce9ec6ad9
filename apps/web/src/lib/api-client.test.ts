import type { CommunityPost } from '@saathi/shared';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { jsonResponse, offContract, stubFetch } from '../test/contract-answers';
import { api, ApiError, buildUrl, busySeconds, onUnauthorized, parseRetryAfter } from './api-client';
import { setNavigator } from './navigation';

/** A text post as POST /posts/post-create answers it. */
const createdPost: CommunityPost = {
  id: 1,
  userId: 17,
  userName: 'Hetal Patel',
  user: { id: 17, name: 'Hetal Patel', avatar: null, profileImage: null },
  title: 'Hello',
  description: '',
  priority: 'regular',
  status: 'active',
  postType: 'community',
  mediaUrls: [],
  thumbnailUrls: [],
  videoUrl: null,
  likesCount: 0,
  commentsCount: 0,
  sharesCount: 0,
  wasLiked: false,
  liked: false,
  isBusinessPost: false,
  businessCategory: null,
  whatsappNumber: null,
  tags: [],
  showLocation: false,
  createdAt: '2026-05-01 10:00:00',
  location: null,
  distance: null,
  deliveryRange: null,
  hasCatalog: false,
};

describe('api client', () => {
  let fetchMock: Mock<typeof fetch>;
  const navigate = vi.fn();
  const signOut = vi.fn();
  let unregister: () => void = () => undefined;

  beforeEach(() => {
    signOut.mockReset();
    unregister = onUnauthorized(signOut);
    fetchMock = stubFetch<typeof fetch>();
    navigate.mockReset();
    setNavigator(navigate);
    window.history.replaceState(null, '', '/account?tab=sos');
  });

  afterEach(() => {
    unregister();
    setNavigator(null);
    vi.unstubAllGlobals();
  });

  it('sends FormData as is, leaving the multipart Content-Type to the browser', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, createdPost));
    const form = new FormData();
    form.append('title', 'Hello');

    await expect(api.call('POST /posts/post-create', { body: form })).resolves.toEqual(createdPost);

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/posts/post-create');
    expect(init?.body).toBe(form);
    expect((init?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    expect(init?.credentials).toBe('same-origin');
  });

  it('sends JSON under /api with the session cookie and never a token a script could read', async () => {
    const stored = { stored: true, recordedAt: '2026-05-01T10:00:00.000Z' };
    fetchMock.mockResolvedValue(jsonResponse(200, stored));

    await expect(api.call('POST /volunteers/me/location', { body: { latitude: 23, longitude: 72 } })).resolves.toEqual(stored);

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/volunteers/me/location');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect((init?.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(init?.body).toBe('{"latitude":23,"longitude":72}');
  });

  it('builds query strings, skipping empty values and repeating arrays', () => {
    expect(buildUrl('incidents/reels', { page: 1, pageSize: 5, q: undefined, tag: ['a', 'b'], x: null })).toBe(
      '/api/incidents/reels?page=1&pageSize=5&tag=a&tag=b',
    );
    expect(buildUrl('/users/me')).toBe('/api/users/me');
  });

  it('turns a 401 into the registered sign-out and a redirect to /login that remembers the page', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { error: { code: 'unauthorized', message: 'Session expired' } }));

    const error = await api.call('GET /users/me').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login', {
      replace: true,
      state: { from: { pathname: '/account', search: '?tab=sos', hash: '' } },
    });
  });

  it('does not redirect again when the 401 happens on the login page', async () => {
    window.history.replaceState(null, '', '/login');
    fetchMock.mockResolvedValue(jsonResponse(401, { error: { code: 'unauthorized', message: 'No token' } }));
    await expect(api.call('GET /users/me')).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('parses the error shape with its field', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, { error: { code: 'validation_error', message: 'Enter a valid 10-digit mobile number', field: 'phoneNumber' } }),
    );

    const error = (await api.call('POST /auth/otp/request', { body: { phoneNumber: '123' } }).catch((caught: unknown) => caught)) as ApiError;

    expect(error).toMatchObject({ status: 400, code: 'validation_error', field: 'phoneNumber' });
    expect(error.message).toBe('Enter a valid 10-digit mobile number');
    expect(signOut).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('reports non-JSON failures with the HTTP status', async () => {
    fetchMock.mockResolvedValue(
      offContract(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }), 'a proxy in front of the server'),
    );
    await expect(api.call('GET /health')).rejects.toMatchObject({ status: 502, code: 'HTTP_502', message: 'Bad Gateway' });
  });

  it('reports a network failure as status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = (await api.call('GET /health').catch((caught: unknown) => caught)) as ApiError;
    expect(error.isNetworkError).toBe(true);
    expect(error.code).toBe('NETWORK_ERROR');
  });

  it('reads the wait of a shed read (503 busy) from Retry-After, else from its params', async () => {
    const busy = { error: { code: 'busy', message: 'Busy, retry later', params: { seconds: 5 } } };
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(busy), { status: 503, headers: { 'Content-Type': 'application/json', 'Retry-After': '2' } }));
    const fromHeader = (await api.call('GET /news', { query: { language: 'en' } }).catch((caught: unknown) => caught)) as ApiError;
    expect(fromHeader).toMatchObject({ status: 503, code: 'busy', isBusy: true, retryAfterSeconds: 2 });
    expect(busySeconds(fromHeader)).toBe(2);

    fetchMock.mockResolvedValueOnce(jsonResponse(503, busy));
    const fromParams = (await api.call('GET /news', { query: { language: 'en' } }).catch((caught: unknown) => caught)) as ApiError;
    expect(fromParams.retryAfterSeconds).toBe(5);
    expect(busySeconds(fromParams)).toBe(5);
  });

  it('tells a busy answer from every other error', () => {
    expect(busySeconds(new ApiError(503, 'busy', 'Busy'))).toBe(5); // the server's default wait when it names none
    expect(busySeconds(new ApiError(503, 'HTTP_503', 'Service Unavailable', undefined, undefined, undefined, 30))).toBeUndefined();
    expect(busySeconds(new ApiError(429, 'rate_limited', 'Slow down', undefined, { seconds: 20 }))).toBeUndefined();
    expect(busySeconds(new Error('busy'))).toBeUndefined();
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-12-07T10:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7);
    expect(parseRetryAfter('Mon, 07 Dec 2026 10:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Mon, 07 Dec 2026 09:59:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });

  it('returns undefined for 204 No Content', async () => {
    fetchMock.mockResolvedValue(jsonResponse(204));
    await expect(api.call('POST /safety-timers/:id/location', { params: { id: 3 }, body: { latitude: 23, longitude: 72 } })).resolves.toBeUndefined();
  });
});
