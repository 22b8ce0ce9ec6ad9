import { z } from 'zod';
import type { ErrorCode } from '../errors';
import { Id } from '../schemas/common';

/**
 * One API call of the contract. Its key in the map is `"METHOD /path"` (path relative to
 * `/api`, parameters as `:name`), so the path is written once: the server registers the route
 * from the key, the web app calls the endpoint by the same key, and the OpenAPI document is
 * generated from both.
 */
export interface EndpointDefinition {
  summary: string;
  /** A longer explanation for API readers (OpenAPI `description`). */
  description?: string;
  /** OpenAPI tag: the feature the call belongs to (by default the part's, see defineEndpoints). */
  tag: string;
  /**
   * Who may call it: `user` needs a session (the default); `optional` signs the caller in
   * when it can and serves visitors public data; `public` needs no session at all;
   * `editor`, `moderator` and `admin` need a session whose user holds that role, or admin.
   */
  access?: EndpointAccess;
  /**
   * How the call fares when the server is busy (docs/adr/0022). `sos`: the SOS path, served from
   * the database pool kept for it at every step (the session lookup too), ahead of other work.
   * `deferrable`: a read that can wait, answered 503 `busy` with Retry-After at once while the
   * process is overloaded, instead of queueing. Unset: served in turn, never shed.
   */
  priority?: EndpointPriority;
  /**
   * The path parameters. A part file leaves them out when every `:name` in the path is a
   * numeric id (most are): defineEndpoints makes them `{name: Id}` from the path.
   */
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body schema, `multipart` (form data with files) or `binary` (raw bytes). */
  body?: z.ZodType | 'multipart' | 'binary';
  /** With a `binary` body: the content types it accepts. */
  contentTypes?: readonly string[];
  /** With a `multipart` body: its fields (required there; the OpenAPI document lists them). */
  form?: MultipartForm;
  /**
   * The success answers by status. A handler answers the lowest one unless it sets another
   * (`POST /sos` answers 201 for a new SOS and 200 for the one already running).
   */
  responses: Partial<Record<200 | 201 | 204, z.ZodType>>;
  /** The error codes this call can answer besides the ones every call can (see errorsOf). */
  errors: readonly ErrorCode[];
  /** Kept out of the OpenAPI document (an internal call a client never makes). */
  hidden?: boolean;
}

/**
 * The fields of a multipart form. The server reads every form through one reader that holds
 * it to this: each text field at most once, each file field with at most its number of
 * files, and a field the form does not name refused (unless `otherFields` is `ignore`).
 */
export interface MultipartForm {
  /** The text fields. */
  fields: readonly string[];
  /** The file fields, each with the most files it may carry. */
  files: Readonly<Record<string, number>>;
  /** Text fields the form does not name: refused with a 400 (the default), or read and then dropped. */
  otherFields?: 'refuse' | 'ignore';
}

/** The management roles an endpoint's `access` may require (see hasRole). */
export type RoleAccess = 'editor' | 'moderator' | 'admin';
export type EndpointAccess = 'user' | 'optional' | 'public' | RoleAccess;
export type EndpointPriority = 'sos' | 'deferrable';

export function isRoleAccess(access: string | undefined): access is RoleAccess {
  return access === 'editor' || access === 'moderator' || access === 'admin';
}

/** Errors any call may answer: bad input, a server fault, the start-up window. */
export const COMMON_ERRORS = ['validation_error', 'bad_request', 'internal_error', 'starting', 'db_unavailable'] as const satisfies readonly ErrorCode[];

/**
 * Every error code an endpoint can answer: the common ones, its own, `unauthorized` unless
 * it is public, `origin_mismatch` for a write that a session cookie may carry,
 * `forbidden` when it needs a role, and `busy` when it is a read that can wait.
 */
export function errorsOf(key: string, endpoint: EndpointDefinition): ErrorCode[] {
  const codes: ErrorCode[] = [...COMMON_ERRORS, ...endpoint.errors];
  if (endpoint.access !== 'public') {
    codes.push('unauthorized');
    if (!key.startsWith('GET ')) codes.push('origin_mismatch');
  }
  if (isRoleAccess(endpoint.access)) codes.push('forbidden');
  if (endpoint.priority === 'deferrable') codes.push('busy');
  return [...new Set(codes)];
}

/** `'GET /sos/:id'`: the method and the path relative to `/api`. */
export type EndpointKey = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`;

export type ContractPart = Record<EndpointKey, EndpointDefinition>;

/** An endpoint as a part file writes it: the part's tag and no errors of its own by default. */
export type EndpointEntry = Omit<EndpointDefinition, 'tag' | 'errors'> & { tag?: string; errors?: readonly ErrorCode[] };

/** What an entry says besides its summary and its one success answer: access, inputs, errors. */
export type EndpointOptions = Omit<EndpointEntry, 'summary' | 'responses'>;

/** Refuses a misspelt option (`qurey`), which would otherwise be dropped without a word. */
type OnlyOptions<O> = { [K in Exclude<keyof O, keyof EndpointOptions>]: never };

/** An entry waiting for its summary, the one thing every entry has (see ok and created). */
interface UnsummarisedEntry<E> {
  summary(summary: string): { summary: string } & E;
}

/**
 * The common entry in one line: `ok(User, {query, access, errors}).summary('…')` answers 200
 * with `User`. An entry that answers more than one success status is written out in full.
 */
export function ok<const R extends z.ZodType, const O extends EndpointOptions = object>(
  response: R,
  options?: O & OnlyOptions<O>,
): UnsummarisedEntry<O & { responses: { 200: R } }> {
  return withResponses({ 200: response }, options);
}

/** Like ok, for a call that creates something: it answers 201 with `response`. */
export function created<const R extends z.ZodType, const O extends EndpointOptions = object>(
  response: R,
  options?: O & OnlyOptions<O>,
): UnsummarisedEntry<O & { responses: { 201: R } }> {
  return withResponses({ 201: response }, options);
}

function withResponses<E>(responses: EndpointEntry['responses'], options: EndpointOptions | undefined): UnsummarisedEntry<E> {
  return { summary: (summary) => ({ summary, ...options, responses }) as unknown as { summary: string } & E };
}

/** The `:name` parameters of a path, as a union of names. */
type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Params a part file did not write: one numeric id per `:name` of the path. */
type DerivedParams<K> = K extends string
  ? [PathParamNames<K>] extends [never]
    ? unknown
    : { params: z.ZodObject<Record<PathParamNames<K>, typeof Id>> }
  : unknown;

type Completed<T, Tag extends string> = {
  [K in keyof T]: Omit<T[K], 'tag' | 'errors'> & {
    tag: T[K] extends { tag: infer G extends string } ? G : Tag;
    errors: T[K] extends { errors: infer E extends readonly ErrorCode[] } ? E : readonly [];
  } & (T[K] extends { params: z.ZodType } ? unknown : DerivedParams<K>);
};

/**
 * One feature's part of the contract, tagged `tag` in the OpenAPI document. Keeps the literal
 * types of its endpoints while checking their shape.
 */
export function defineEndpoints<const Tag extends string, const T extends Record<EndpointKey, EndpointEntry>>(tag: Tag, endpoints: T): Completed<T, Tag> {
  const completed: Record<string, EndpointDefinition> = {};
  for (const [key, entry] of Object.entries(endpoints)) {
    const params = entry.params ?? idParamsOf(key);
    completed[key] = { ...entry, ...(params ? { params } : {}), tag: entry.tag ?? tag, errors: entry.errors ?? [] };
  }
  return completed as unknown as Completed<T, Tag>;
}

/** `{id: Id}` for `'GET /sos/:id'`, `{postId: Id, userId: Id}` for two; undefined without any. */
function idParamsOf(key: string): z.ZodObject | undefined {
  const names = [...key.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  return names.length === 0 ? undefined : z.object(Object.fromEntries(names.map((name) => [name, Id])));
}

export function splitEndpointKey(key: string): { method: string; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space), path: key.slice(space + 1) };
}

// ---- Types a client derives from an endpoint ---------------------------------------------

type Schema<E, K extends 'params' | 'query' | 'body'> = E extends Record<K, infer S extends z.ZodType> ? S : never;

/**
 * What a client sends for a schema: its input, except that a coerced field (whose input zod
 * types as `unknown`) takes its output type, so a numeric id is sent as a number.
 */
type Sent<S extends z.ZodType> =
  z.input<S> extends object
    ? { [K in keyof z.input<S>]: unknown extends z.input<S>[K] ? (K extends keyof z.output<S> ? z.output<S>[K] : z.input<S>[K]) : z.input<S>[K] }
    : z.input<S>;

type BodyOf<E> = E extends { body: 'multipart' | 'binary' } ? FormData | Blob : [Schema<E, 'body'>] extends [never] ? never : z.input<Schema<E, 'body'>>;

/** `{params?, query?, body?}` of a call, each present only when the endpoint takes it. */
export type RequestOf<E> = ([Schema<E, 'params'>] extends [never] ? unknown : { params: Sent<Schema<E, 'params'>> }) &
  ([Schema<E, 'query'>] extends [never]
    ? unknown
    : // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{} extends T` asks whether every key of T is optional
      {} extends Sent<Schema<E, 'query'>>
      ? { query?: Sent<Schema<E, 'query'>> }
      : { query: Sent<Schema<E, 'query'>> }) &
  ([BodyOf<E>] extends [never] ? unknown : { body: BodyOf<E> });

/** The parsed JSON of a successful answer (any of the endpoint's success statuses). */
export type ResponseOf<E> = E extends { responses: infer R }
  ? { [S in keyof R]: R[S] extends z.ZodType ? (S extends 204 ? undefined : z.output<R[S]>) : never }[keyof R]
  : never;
