import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import {
  ERROR_CODES,
  ErrorResponse,
  errorsOf,
  OTHER_STATUSES,
  splitEndpointKey,
  type ContractPart,
  type EndpointDefinition,
  type MultipartForm,
} from '@saathi/shared';

type Output<E, K extends 'params' | 'query' | 'body'> = E extends Record<K, infer S extends z.ZodType> ? z.output<S> : unknown;
type ResponseInput<E> = E extends { responses: infer R } ? { [S in keyof R]: R[S] extends z.ZodType ? z.input<R[S]> : never }[keyof R] : never;

/** The request a handler receives: params, query and body already parsed by the endpoint's schemas. */
export type EndpointRequest<E> = FastifyRequest<{ Params: Output<E, 'params'>; Querystring: Output<E, 'query'>; Body: Output<E, 'body'> }>;

/**
 * A handler returns the answer (serialised through the endpoint's response schema) or the
 * reply it has sent itself (another status, a header, a stream).
 */
export type EndpointHandler<E> = (request: EndpointRequest<E>, reply: FastifyReply) => Promise<ResponseInput<E> | FastifyReply | undefined>;

/** A handler alone, or with route options the contract does not describe (a body limit). */
export type EndpointImplementation<E> = EndpointHandler<E> | ({ handler: EndpointHandler<E> } & Pick<RouteShorthandOptions, 'bodyLimit'>);

export type Implementations<T extends ContractPart> = { [K in keyof T]: EndpointImplementation<T[K]> };

/** The OpenAPI `security` of each access level; `user` keeps the document's default (bearer). */
const SECURITY = { public: [], optional: [{}, { bearerAuth: [] }] } as const;

/** Every status an endpoint answers: its successes and the status of each error code it can answer. */
export function statusesOf(key: string, endpoint: EndpointDefinition): number[] {
  const errors = errorsOf(key, endpoint).flatMap((code) => [ERROR_CODES[code], ...(OTHER_STATUSES[code] ?? [])]);
  return [...new Set([...Object.keys(endpoint.responses).map(Number), ...errors])].sort();
}

/**
 * A multipart form as the JSON schema the OpenAPI document shows for it: its text fields,
 * its files (binary; an array where a field takes more than one), closed unless other text
 * fields are ignored. Documentation only: the form reader (plugins/app/multipart-form.ts)
 * enforces the form.
 */
export function formJsonSchema(form: MultipartForm): Record<string, unknown> {
  const file = { type: 'string', format: 'binary' };
  const properties: Record<string, unknown> = Object.fromEntries(form.fields.map((name) => [name, { type: 'string' }]));
  for (const [name, most] of Object.entries(form.files)) properties[name] = most === 1 ? file : { type: 'array', items: file, maxItems: most };
  return { type: 'object', properties, additionalProperties: form.otherFields === 'ignore' };
}

/** The key of the route schema that carries a multipart form's JSON schema to the OpenAPI document (see swagger.ts). */
export const MULTIPART_FORM_SCHEMA = 'multipartForm';

/** The route schema fastify validates, serialises and documents with, all from the contract. */
export function routeSchema(key: string, endpoint: EndpointDefinition): Record<string, unknown> {
  if (endpoint.body === 'multipart' && !endpoint.form) throw new Error(`${key}: a multipart endpoint declares its form (fields and files)`);
  const response: Record<number, z.ZodType | undefined> = {};
  for (const status of statusesOf(key, endpoint)) response[status] = endpoint.responses[status as 200] ?? ErrorResponse;
  return {
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body && typeof endpoint.body !== 'string' ? { body: endpoint.body } : {}),
    ...(endpoint.body === 'multipart' && endpoint.form ? { consumes: ['multipart/form-data'], [MULTIPART_FORM_SCHEMA]: formJsonSchema(endpoint.form) } : {}),
    ...(endpoint.body === 'binary' ? { consumes: endpoint.contentTypes ?? ['application/octet-stream'] } : {}),
    response,
    // Role-gated calls need a session like `user` ones: the document's default (bearer).
    ...(endpoint.access === 'public' || endpoint.access === 'optional' ? { security: SECURITY[endpoint.access] } : {}),
    ...(endpoint.hidden ? { hide: true } : {}),
  };
}

/**
 * Registers a feature's part of the contract: one route per endpoint, its method, path and
 * schemas taken from the map, so they are written once. The type demands a handler for every
 * endpoint of the part, and each handler sees the request types of its own endpoint.
 */
export function registerEndpoints<T extends ContractPart>(app: FastifyInstance, part: T, implementations: Implementations<T>): void {
  for (const key of Object.keys(part) as Array<keyof T & string>) {
    const endpoint = part[key] as EndpointDefinition;
    const implementation = implementations[key] as EndpointImplementation<EndpointDefinition>;
    const { handler, ...options } = typeof implementation === 'function' ? { handler: implementation } : implementation;
    const { method, path } = splitEndpointKey(key);
    const successStatus = Math.min(...Object.keys(endpoint.responses).map(Number));
    app.route({
      method,
      url: path,
      schema: routeSchema(key, endpoint),
      config: {
        access: endpoint.access ?? 'user',
        ...(endpoint.priority ? { priority: endpoint.priority } : {}),
        ...(endpoint.form ? { form: endpoint.form } : {}),
      },
      ...options,
      handler: async (request, reply) => {
        if (successStatus !== 200) reply.status(successStatus);
        return handler(request, reply);
      },
    });
  }
}
