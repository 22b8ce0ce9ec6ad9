import type { Contract, ContractKey } from '@saathi/shared/contract';
import type { ErrorParams, LoginChallenge, RequestOf, ResponseOf } from '@saathi/shared';
import { currentLanguage } from '../i18n';
import { currentLocation, navigateTo } from './navigation';

/** An error answered by the API (`{error:{code,message,field?}}`) or a network failure (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  /** Values for the localised text of `code` (`{{seconds}}`). */
  readonly params: ErrorParams | undefined;
  /** On 428 `challenge_required`: the proof-of-work challenge to solve before asking again. */
  readonly challenge: LoginChallenge | undefined;
  /**
   * How many seconds the server asked to wait before asking again: its `Retry-After` header,
   * else the answer's `params.seconds` (a 503 `busy`, a 429). Undefined when it said neither.
   */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, code: string, message: string, field?: string, params?: ErrorParams, challenge?: LoginChallenge, retryAfterSeconds?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
    this.params = params;
    this.challenge = challenge;
    this.retryAfterSeconds = retryAfterSeconds ?? positiveSeconds(params?.seconds);
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /**
   * A read the server shed because it is overloaded (503 `busy`, ADR 22): nothing is wrong with
   * the request, it is to be asked again after `retryAfterSeconds`.
   */
  get isBusy(): boolean {
    return this.status === 503 && this.code === 'busy';
  }
}

function positiveSeconds(value: unknown): number | undefined {
  const seconds = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

/**
 * A `Retry-After` header in seconds: delta-seconds (`5`) or an HTTP date (RFC 9110 §10.2.3),
 * counted from now. Undefined when absent or unreadable.
 */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** The challenge of a 428 answer, when it has the shape the widget takes (the widget checks the rest). */
function challengeOf(value: unknown): LoginChallenge | undefined {
  const challenge = value as Partial<LoginChallenge> | null | undefined;
  return typeof challenge?.signature === 'string' && typeof challenge.parameters?.nonce === 'string' ? (challenge as LoginChallenge) : undefined;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The wait when a `busy` answer names none (the server's own default, SHED_RETRY_AFTER_SECONDS). */
export const DEFAULT_BUSY_RETRY_SECONDS = 5;

/** The seconds a `busy` answer asked to wait before asking again, or undefined for any other error. */
export function busySeconds(error: unknown): number | undefined {
  if (!isApiError(error) || !error.isBusy) return undefined;
  return error.retryAfterSeconds ?? DEFAULT_BUSY_RETRY_SECONDS;
}

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

const API_BASE = '/api';

export function buildUrl(path: string, query?: QueryParams): string {
  const normalised = path.startsWith('/') ? path : `/${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null) params.append(key, String(item));
    }
  }
  const search = params.toString();
  return `${API_BASE}${normalised}${search ? `?${search}` : ''}`;
}

/** Reads the API's error shape; anything else becomes a generic error with the HTTP status. */
export async function parseErrorResponse(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's HTML error page, an empty body): fall through to the generic error.
  }
  const error = (body as { error?: { code?: unknown; message?: unknown; field?: unknown; params?: unknown; challenge?: unknown } } | null)?.error;
  const retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
  if (error && typeof error.message === 'string') {
    return new ApiError(
      response.status,
      typeof error.code === 'string' ? error.code : `HTTP_${response.status}`,
      error.message,
      typeof error.field === 'string' ? error.field : undefined,
      error.params && typeof error.params === 'object' ? (error.params as ErrorParams) : undefined,
      challengeOf(error.challenge),
      retryAfter,
    );
  }
  return new ApiError(
    response.status,
    `HTTP_${response.status}`,
    response.statusText || `Request failed (${response.status})`,
    undefined,
    undefined,
    undefined,
    retryAfter,
  );
}

const unauthorizedHandlers = new Set<() => void>();

/**
 * Registers what else a 401 does before the redirect to /login: the session entity forgets
 * who was signed in (entities/session/session.ts), so this module never imports an entity or a
 * feature. Returns the function that unregisters the handler.
 */
export function onUnauthorized(handler: () => void): () => void {
  unauthorizedHandlers.add(handler);
  return () => unauthorizedHandlers.delete(handler);
}

/** Any 401 means the session is missing, expired or revoked: sign out and ask for a login. */
function handleUnauthorized(): void {
  for (const handler of unauthorizedHandlers) handler();
  const here = currentLocation();
  if (!here.pathname.startsWith('/login')) {
    navigateTo('/login', { replace: true, state: { from: here } });
  }
}

async function request<T>(method: string, path: string, body?: unknown, query?: QueryParams, signal?: AbortSignal): Promise<T> {
  // The session travels in its HttpOnly cookie, which same-origin requests carry by themselves.
  // The language tells the server which to write an SMS in when it knows no user (the login code).
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage() };
  const init: RequestInit = { method, headers, credentials: 'same-origin', signal };
  if (body instanceof FormData) {
    // The browser sets the multipart Content-Type with its boundary.
    init.body = body;
  } else if (body instanceof Blob) {
    // Raw bytes (a recording chunk) go with their own type.
    headers['Content-Type'] = body.type || 'application/octet-stream';
    init.body = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), init);
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'No connection. Check your internet and try again.');
  }

  if (response.status === 401) {
    const error = await parseErrorResponse(response);
    handleUnauthorized();
    throw error;
  }
  if (!response.ok) throw await parseErrorResponse(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** What `api.call` takes besides the endpoint: its params, query and body, and an abort signal. */
export type CallOptions<K extends ContractKey> = RequestOf<Contract[K]> & { signal?: AbortSignal };
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{} extends T` asks whether every key of T is optional
type CallArgs<K extends ContractKey> = {} extends CallOptions<K> ? [options?: CallOptions<K>] : [options: CallOptions<K>];

/** `/sos/:id/evidence` with `{id: 7}` → `/sos/7/evidence`. */
export function fillPath(path: string, params: Record<string, QueryValue> | undefined): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The URL of a GET endpoint of the contract, for what cannot go through `api.call` (an
 * EventSource, a link): `apiUrl('GET /events')` → `/api/events`.
 */
export function apiUrl(key: Extract<ContractKey, `GET ${string}`>, options?: { params?: Record<string, QueryValue>; query?: QueryParams }): string {
  return buildUrl(fillPath(key.slice(key.indexOf(' ') + 1), options?.params), options?.query);
}

/**
 * The one way the web app talks to the server: an endpoint of the contract by its key, with
 * the request and answer types of that endpoint.
 *
 *     const volunteers = await api.call('GET /community/volunteers-nearby', { query: { location, range } });
 */
export const api = {
  call<K extends ContractKey>(key: K, ...[options]: CallArgs<K>): Promise<ResponseOf<Contract[K]>> {
    const space = key.indexOf(' ');
    const { params, query, body, signal } = (options ?? {}) as {
      params?: Record<string, QueryValue>;
      query?: QueryParams;
      body?: unknown;
      signal?: AbortSignal;
    };
    return request(key.slice(0, space), fillPath(key.slice(space + 1), params), body, query, signal);
  },
  /** A GET endpoint that answers a file (an SOS recording) as a Blob, with the errors and 401 handling of `call`. */
  async blob<K extends Extract<ContractKey, `GET ${string}`>>(key: K, ...[options]: CallArgs<K>): Promise<Blob> {
    const { params, query, signal } = (options ?? {}) as { params?: Record<string, QueryValue>; query?: QueryParams; signal?: AbortSignal };
    let response: Response;
    try {
      response = await fetch(apiUrl(key, { params, query }), { credentials: 'same-origin', signal });
    } catch {
      throw new ApiError(0, 'NETWORK_ERROR', 'No connection. Check your internet and try again.');
    }
    if (!response.ok) {
      const error = await parseErrorResponse(response);
      if (response.status === 401) handleUnauthorized();
      throw error;
    }
    return response.blob();
  },
};
