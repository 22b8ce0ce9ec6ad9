import {
  ERROR_CODES,
  ErrorResponse,
  LiveEvent,
  OTHER_STATUSES,
  splitEndpointKey,
  type EndpointDefinition,
  type ErrorParams,
  type ResponseOf,
} from '@saathi/shared';
import { contract, type Contract, type ContractKey } from '@saathi/shared/contract';
import { expect, vi, type Mock } from 'vitest';
import { api, ApiError } from '../lib/api-client';

/**
 * Every answer a web test makes up for the API is held to the contract: the endpoint the
 * request reached is looked up in the endpoint map of `packages/shared`, and the canned body
 * is parsed with that endpoint's response schema (a 2xx) or with ErrorResponse (a 4xx or 5xx,
 * whose status must also be the one its code has). A body the server could not send fails
 * the test that served it: the fetch (or the call) rejects with the reason, and the test fails
 * at its end even when the app swallowed that rejection (src/test/setup.ts).
 *
 * - `stubFetch` replaces `fetch` (the one network boundary of the app);
 * - `stubApiCall` replaces `api.call` for tests that answer by endpoint key;
 * - `answerOf` and `apiErrorOf` check one answer or error handed to a stub of a feature's own
 *   API wrapper (`reelsApi.page`, an uploader).
 *
 * Requests that are not for `/api` (assets, map tiles, another origin) pass unchecked.
 */

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** The endpoint a request reached, with the values of its path parameters. */
export interface MatchedEndpoint {
  key: ContractKey;
  endpoint: EndpointDefinition;
  params: Record<string, string>;
}

interface Route {
  key: ContractKey;
  method: string;
  segments: string[];
}

const routes: Route[] = (Object.keys(contract) as ContractKey[]).map((key) => {
  const { method, path } = splitEndpointKey(key);
  return { key, method, segments: path.split('/').slice(1) };
});

/**
 * A fixed segment wins over a parameter in the same place (`/alerts/nearby` before
 * `/alerts/:id`), as in the server's router.
 */
function moreSpecific(a: Route, b: Route): number {
  for (let i = 0; i < Math.min(a.segments.length, b.segments.length); i++) {
    const aParam = a.segments[i]!.startsWith(':');
    const bParam = b.segments[i]!.startsWith(':');
    if (aParam !== bParam) return aParam ? 1 : -1;
  }
  return 0;
}

const API_PREFIX = '/api';

/** The path of an API request relative to `/api`, or undefined for anything else (an asset, a tile, another origin). */
function apiPathOf(url: string | URL): string | undefined {
  const parsed = new URL(url, window.location.origin);
  if (parsed.origin !== window.location.origin) return undefined;
  if (parsed.pathname !== API_PREFIX && !parsed.pathname.startsWith(`${API_PREFIX}/`)) return undefined;
  return parsed.pathname.slice(API_PREFIX.length) || '/';
}

/** The endpoint of the contract that answers `method url`; undefined when the URL is not the API's. */
export function findEndpoint(method: string, url: string | URL): MatchedEndpoint | undefined {
  const path = apiPathOf(url);
  if (path === undefined) return undefined;
  const segments = path.split('/').slice(1).map(decodeURIComponent);
  const upper = method.toUpperCase();
  const candidates = routes
    .filter((route) => route.method === upper && route.segments.length === segments.length)
    .filter((route) => route.segments.every((segment, i) => segment.startsWith(':') || segment === segments[i]))
    .sort(moreSpecific);
  const route = candidates[0];
  if (!route) throw new ContractError(`${upper} ${API_PREFIX}${path} is not an endpoint of the contract (packages/shared/src/api)`);
  const params: Record<string, string> = {};
  route.segments.forEach((segment, i) => {
    if (segment.startsWith(':')) params[segment.slice(1)] = segments[i]!;
  });
  return { key: route.key, endpoint: contract[route.key], params };
}

export class ContractError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContractError';
  }
}

/** Mismatches seen during the running test, failed on at its end (src/test/setup.ts). */
const violations: ContractError[] = [];

function violation(message: string): ContractError {
  // Named with the test that was running: an answer served after its test ended (a retry left
  // running) fails the next test of the worker, which may be in another file.
  const test = expect.getState().currentTestName;
  const error = new ContractError(test ? `${message}\n(served during "${test}")` : message);
  violations.push(error);
  return error;
}

/** Throws the first mismatch the test served, and forgets them all; called after each test. */
export function failOnContractViolations(): void {
  const seen = violations.splice(0);
  if (seen.length === 0) return;
  const more =
    seen.length > 1
      ? `\n(and ${seen.length - 1} more: ${seen
          .slice(1)
          .map((error) => error.message.split('\n', 1)[0])
          .join('; ')})`
      : '';
  throw new ContractError(`A canned answer does not match the contract: ${seen[0]!.message}${more}`);
}

/** Each zod issue on a line: where, what zod says (a long list of options cut short), and the value it got. */
function issuesOf(error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> }, body: unknown): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.length > 0 ? issue.path.map(String).join('.') : '(the body)';
      const message = issue.message.length > 160 ? `${issue.message.slice(0, 160)}…` : issue.message;
      const value = issue.path.reduce<unknown>(
        (at, key) => (at !== null && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined),
        body,
      );
      const got = JSON.stringify(value) ?? 'nothing';
      return `  - ${where}: ${message} (got ${got.length > 80 ? `${got.slice(0, 80)}…` : got})`;
    })
    .join('\n');
}

function isBinary(schema: unknown): boolean {
  const meta = (schema as { meta?: () => { format?: string } | undefined } | undefined)?.meta?.();
  return meta?.format === 'binary';
}

/**
 * The reason `body` (parsed JSON, undefined when empty) under `status` is not an answer
 * `key` can give, or undefined when it is one.
 */
export function mismatchOf(key: ContractKey, status: number, body: unknown): string | undefined {
  const endpoint = contract[key] as EndpointDefinition;
  const name = `${key} answered ${status}`;
  if (status >= 200 && status < 300) {
    const schema = endpoint.responses[status as 200 | 201 | 204];
    if (!schema) return `${name}, but it answers only ${Object.keys(endpoint.responses).join(' or ')} on success`;
    if (status === 204) return body === undefined ? undefined : `${name} with a body; a 204 has none`;
    if (isBinary(schema)) return undefined;
    const parsed = schema.safeParse(body);
    return parsed.success ? undefined : `${name} with a body its response schema refuses:\n${issuesOf(parsed.error, body)}`;
  }
  if (status >= 400 && status < 600) {
    const parsed = ErrorResponse.safeParse(body);
    if (!parsed.success) return `${name} with a body that is not an ErrorResponse (packages/shared/src/schemas/common.ts):\n${issuesOf(parsed.error, body)}`;
    const code = parsed.data.error.code;
    const statuses = [ERROR_CODES[code], ...(OTHER_STATUSES[code] ?? [])];
    if (!statuses.includes(status)) return `${name} with code ${code}, which the server answers with ${statuses.join(' or ')} (packages/shared/src/errors.ts)`;
    return undefined;
  }
  return `${name}: the API answers 2xx, 4xx or 5xx`;
}

/** Throws (and fails the test) when `body` under `status` is not an answer `key` can give. */
export function checkAnswer(key: ContractKey, status: number, body: unknown): void {
  let mismatch: string | undefined;
  try {
    mismatch = mismatchOf(key, status, body);
  } catch (error) {
    // A check that cannot run (a key the contract does not have) has not passed.
    throw violation(`checking the answer of ${key} failed: ${String(error)}`);
  }
  if (mismatch) throw violation(mismatch);
}

/** The lowest success status of an endpoint: the one it answers unless it says otherwise. */
function successStatusOf(key: ContractKey): number {
  return Math.min(...Object.keys((contract[key] as EndpointDefinition).responses).map(Number));
}

/**
 * A value a stub of a feature's API wrapper resolves with (`reelsApi.page`), checked as the
 * answer of the endpoint the wrapper calls, under its success status unless `status` is given.
 */
export function answerOf<K extends ContractKey>(key: K, body: ResponseOf<Contract[K]>, status = successStatusOf(key)): ResponseOf<Contract[K]> {
  checkAnswer(key, status, body);
  return body;
}

/** An ApiError a stub rejects with, checked as the error answer of `key` it stands for. */
function checkRejection(key: ContractKey, error: unknown): void {
  // A network failure (status 0) or a plain Error is the client's, not an answer of the server.
  if (!(error instanceof ApiError) || error.status === 0) return;
  const body = {
    error: {
      code: error.code,
      message: error.message,
      ...(error.field === undefined ? {} : { field: error.field }),
      ...(error.params === undefined ? {} : { params: error.params }),
      ...(error.challenge === undefined ? {} : { challenge: error.challenge }),
    },
  };
  checkAnswer(key, error.status, body);
}

/**
 * The ApiError `api.call` rejects with when `key` answers `status` with `code`, for a stub of a
 * feature's API wrapper to reject with; checked like the error answer it stands for.
 */
export function apiErrorOf(key: ContractKey, status: number, code: string, message: string, details: { field?: string; params?: ErrorParams } = {}): ApiError {
  const error = new ApiError(status, code, message, details.field, details.params);
  checkRejection(key, error);
  return error;
}

/**
 * A live event a test hands the app, as a frame of `GET /api/events` would carry it, checked
 * against LiveEvent (packages/shared/src/schemas/notifications.ts). `stream.ready` is the
 * client's own word for the stream's ready frame.
 */
export function checkLiveEvent(message: { type: string; data?: unknown }): void {
  if (message.type === 'stream.ready') return;
  const parsed = LiveEvent.safeParse(message);
  if (!parsed.success) throw violation(`the live event ${message.type} is not one GET /events sends (LiveEvent):\n${issuesOf(parsed.error, message)}`);
}

const uncheckedAnswers = new WeakSet<Response>();

/**
 * Marks an answer the server itself would never give, which a test serves on purpose: a
 * proxy's HTML error page, an error code from a newer server. `why` says which, for the reader.
 */
export function offContract(response: Response, why: string): Response {
  void why;
  uncheckedAnswers.add(response);
  return response;
}

function requestOf(input: RequestInfo | URL, init?: RequestInit): { method: string; url: string } {
  if (input instanceof Request) return { method: init?.method ?? input.method, url: input.url };
  return { method: init?.method ?? 'GET', url: String(input) };
}

/** Checks the answer a stubbed fetch gave to an API request; resolves with it unchanged. */
async function checkResponse(input: RequestInfo | URL, init: RequestInit | undefined, response: Response): Promise<Response> {
  try {
    return await checkResponseOrThrow(input, init, response);
  } catch (error) {
    // Whatever went wrong, the test fails: a check that cannot run has not passed.
    if (error instanceof ContractError) throw error;
    throw violation(`checking the answer to ${String(input instanceof Request ? input.url : input)} failed: ${String(error)}`);
  }
}

async function checkResponseOrThrow(input: RequestInfo | URL, init: RequestInit | undefined, response: Response): Promise<Response> {
  const { method, url } = requestOf(input, init);
  let matched: MatchedEndpoint | undefined;
  try {
    matched = findEndpoint(method, url);
  } catch (error) {
    throw violation((error as Error).message);
  }
  if (!matched || uncheckedAnswers.has(response)) return response;
  if (!(response instanceof Response)) throw violation(`${matched.key} was answered with something that is not a Response`);
  const text = await response.clone().text();
  let body: unknown;
  if (text !== '' && !isBinary(matched.endpoint.responses[response.status as 200])) {
    try {
      body = JSON.parse(text);
    } catch {
      throw violation(`${matched.key} answered ${response.status} with a body that is not JSON: ${text.slice(0, 80)}`);
    }
  }
  checkAnswer(matched.key, response.status, body);
  return response;
}

/** What the app's fetch calls look like: a URL string and the request's options. */
export type FetchAnswer = (url: string, init?: RequestInit) => Promise<Response>;
export type FetchMock = Mock<FetchAnswer>;

/**
 * Replaces `fetch` with a mock answering with `answer` (or what the test tells the returned
 * mock: `mockResolvedValueOnce`...), and checks every answer to an API request against the
 * contract. The mock records the calls as the app made them (the app always fetches a URL
 * string, so `answer` may take one).
 */
export function stubFetch<F extends FetchAnswer>(answer?: F) {
  const fetchMock = answer ? vi.fn(answer) : vi.fn<F>();
  const checkedFetch: Fetch = async (input, init) => checkResponse(input, init, await (fetchMock as unknown as Fetch)(input, init));
  vi.stubGlobal('fetch', checkedFetch);
  return fetchMock;
}

/** A JSON answer with `status`, as the server sends it (`null` body for a 204). */
export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined || status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Call = (key: ContractKey, options?: unknown) => unknown;

/**
 * Replaces `api.call` with `answer`, checking each value it resolves with against the
 * response schema of the key it was called with, and each ApiError it rejects with against
 * the error answers. Returns the spy, to read the calls made.
 */
export function stubApiCall(answer: Call) {
  const checked = async (key: ContractKey, options?: unknown) => {
    let value: unknown;
    try {
      value = await answer(key, options);
    } catch (error) {
      checkRejection(key, error);
      throw error;
    }
    checkAnswer(key, successStatusOf(key), value);
    return value;
  };
  return vi.spyOn(api, 'call').mockImplementation(checked as never);
}
