import { afterEach, describe, expect, it } from 'vitest';
import { api, ApiError } from '../lib/api-client';
import { failOnContractViolations, findEndpoint, jsonResponse, offContract, stubApiCall, stubFetch } from './contract-answers';

/** The mismatch a test served, taken so this test can look at it instead of failing on it. */
function served(): string {
  try {
    failOnContractViolations();
  } catch (error) {
    return (error as Error).message;
  }
  return '';
}

const notFound = { error: { code: 'not_found', message: 'Not found' } };

afterEach(() => {
  served();
});

describe('finding the endpoint of a request', () => {
  it('matches the path pattern with its parameters, a fixed segment before a parameter', () => {
    expect(findEndpoint('GET', '/api/alerts/7')).toMatchObject({ key: 'GET /alerts/:id', params: { id: '7' } });
    expect(findEndpoint('GET', '/api/alerts/nearby?latitude=23&longitude=72')?.key).toBe('GET /alerts/nearby');
    expect(findEndpoint('post', '/api/sos/7/location')?.key).toBe('POST /sos/:id/location');
  });

  it('leaves assets, tiles and other origins alone, and names an API path the contract lacks', () => {
    expect(findEndpoint('GET', '/assets/index.js')).toBeUndefined();
    expect(findEndpoint('GET', 'https://tile.example/1/2/3.png')).toBeUndefined();
    expect(() => findEndpoint('GET', '/api/nothing/here')).toThrow('GET /api/nothing/here is not an endpoint of the contract');
  });
});

describe('a stubbed fetch', () => {
  it('passes an answer that matches the response schema, or ErrorResponse with the status of its code', async () => {
    stubFetch(async (url) => (url.endsWith('/7') ? jsonResponse(404, notFound) : jsonResponse(200, { count: 3 })));
    expect(await (await fetch('/api/notifications/unread-count')).json()).toEqual({ count: 3 });
    expect((await fetch('/api/alerts/7')).status).toBe(404);
    expect(served()).toBe('');
  });

  it('rejects a body the schema refuses, and fails the test even when the app swallowed the rejection', async () => {
    stubFetch(async () => jsonResponse(200, { count: 'three' }));
    await expect(fetch('/api/notifications/unread-count')).rejects.toThrow(
      'GET /notifications/unread-count answered 200 with a body its response schema refuses',
    );
    expect(served()).toMatch(/count: Invalid input: expected number, received string \(got "three"\)/);
  });

  it('refuses an error code out of the list, and a code under another status than its own', async () => {
    stubFetch(async (url) => (url.endsWith('/1') ? jsonResponse(400, { error: { code: 'NOT_FOUND', message: 'x' } }) : jsonResponse(500, notFound)));
    await expect(fetch('/api/alerts/1')).rejects.toThrow('not an ErrorResponse');
    await expect(fetch('/api/alerts/2')).rejects.toThrow('GET /alerts/:id answered 500 with code not_found, which the server answers with 404');
    served();
  });

  it('takes an answer marked as off the contract as it is (a proxy’s page)', async () => {
    stubFetch(async () => offContract(new Response('<html>Bad gateway</html>', { status: 502 }), 'a proxy'));
    expect((await fetch('/api/health')).status).toBe(502);
    expect(served()).toBe('');
  });
});

describe('a stubbed api.call', () => {
  it('checks what it resolves with by the key it was called with, and the ApiErrors it rejects with', async () => {
    stubApiCall(async (key) => {
      if (key === 'GET /alerts/:id') throw new ApiError(404, 'alert_not_found', 'No such alert');
      if (key === 'GET /notifications/unread-count') return { count: 1 };
      throw new ApiError(403, 'teapot', 'no');
    });
    await expect(api.call('GET /notifications/unread-count')).resolves.toEqual({ count: 1 });
    await expect(api.call('GET /alerts/:id', { params: { id: 3 } })).rejects.toMatchObject({ code: 'alert_not_found' });
    expect(served()).toBe('');
    await expect(api.call('GET /users/me')).rejects.toThrow();
    expect(served()).toMatch(/GET \/users\/me answered 403 with a body that is not an ErrorResponse/);
  });
});
