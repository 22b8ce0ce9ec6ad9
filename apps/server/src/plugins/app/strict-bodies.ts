import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { ValidationError } from '../../core/errors';

/**
 * One rule for unknown fields: every JSON body refuses keys it does not declare, at every
 * nesting level, with a 400 that names them (the error handler words it with
 * `unknownFieldsMessage`). The body schemas in packages/shared are `z.strictObject`s; this
 * plugin makes forgetting one impossible: a route whose JSON body schema has a non-strict
 * object anywhere in its tree stops the app at start-up. Query strings stay lenient (browsers
 * and caches add parameters), and so do multipart and raw-bytes routes, which have no zod body.
 */

/** The part of a zod 4 schema this walk reads (`schema._zod.def`). */
interface ZodNode {
  _zod: { def: { type: string } & Record<string, unknown> };
}

function isZodNode(value: unknown): value is ZodNode {
  if (typeof value !== 'object' || value === null || !('_zod' in value)) return false;
  const internals = value._zod;
  if (typeof internals !== 'object' || internals === null || !('def' in internals)) return false;
  const def = internals.def;
  return typeof def === 'object' && def !== null && typeof (def as { type?: unknown }).type === 'string';
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/**
 * Where a zod schema accepts keys it does not declare: the dotted paths (`[]` for array items,
 * `{}` for record values, '' for the root) of every object that is not strict (`z.object`,
 * `z.looseObject`, `.catchall(...)`). An empty list means every object in the tree is strict.
 */
export function lenientObjectPaths(schema: unknown): string[] {
  const found: string[] = [];
  // Only the current branch: a schema reused in two places is checked in both, a lazy cycle ends.
  const onPath = new Set<unknown>();

  const walk = (node: unknown, path: string): void => {
    if (!isZodNode(node) || onPath.has(node)) return;
    onPath.add(node);
    const def = node._zod.def;
    const child = (key: string) => walk(def[key], path);
    switch (def.type) {
      case 'object': {
        const catchall = def.catchall;
        if (!(isZodNode(catchall) && catchall._zod.def.type === 'never')) found.push(path);
        for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) walk(value, join(path, key));
        break;
      }
      case 'array':
        walk(def.element, `${path}[]`);
        break;
      case 'tuple':
        (def.items as unknown[]).forEach((item, index) => walk(item, join(path, String(index))));
        walk(def.rest, `${path}[]`);
        break;
      case 'record':
      case 'map':
        walk(def.valueType, `${path}{}`);
        break;
      case 'set':
        walk(def.valueType, `${path}[]`);
        break;
      case 'union':
        for (const option of def.options as unknown[]) walk(option, path);
        break;
      case 'intersection':
        child('left');
        child('right');
        break;
      case 'pipe':
        child('in');
        child('out');
        break;
      case 'lazy':
        walk((def.getter as () => unknown)(), path);
        break;
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'readonly':
      case 'catch':
      case 'success':
      case 'promise':
        child('innerType');
        break;
      default:
        // Leaves (strings, numbers, enums, literals, transforms...) hold no objects.
        break;
    }
    onPath.delete(node);
  };

  walk(schema, '');
  return found;
}

/** The zod schemas of a route's body: the schema itself, or one per content type. */
function bodySchemas(body: unknown): unknown[] {
  if (isZodNode(body)) return [body];
  const content = (body as { content?: unknown } | null)?.content;
  if (typeof content === 'object' && content !== null) {
    return Object.values(content as Record<string, { schema?: unknown }>).map((entry) => entry?.schema);
  }
  return [body];
}

function routeName(route: RouteOptions): string {
  const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
  return `${methods} ${route.url}`;
}

/** Throws when the route's body schema is not zod or lets unknown keys through. */
export function assertStrictBody(route: RouteOptions): void {
  const body = route.schema?.body;
  if (body === undefined || body === null) return;
  for (const schema of bodySchemas(body)) {
    if (!isZodNode(schema)) throw new Error(`${routeName(route)}: the body schema must be a zod schema`);
    const lenient = lenientObjectPaths(schema);
    if (lenient.length > 0) {
      const where = lenient.map((path) => path || '(the body itself)').join(', ');
      throw new Error(
        `${routeName(route)}: the JSON body schema accepts unknown keys at ${where}. ` +
          'Declare every object of a request body with z.strictObject (packages/shared), so unknown fields are refused.',
      );
    }
  }
}

/** At most this many keys are named; a body of thousands of junk keys gets a short message. */
const NAMED_KEYS_MAX = 20;

/** "Unknown field: foo" / "Unknown fields: foo, feedBackData.extra". */
export function unknownFieldsMessage(paths: readonly string[]): string {
  const named = paths.slice(0, NAMED_KEYS_MAX).join(', ');
  const more = paths.length > NAMED_KEYS_MAX ? ` and ${paths.length - NAMED_KEYS_MAX} more` : '';
  return `Unknown field${paths.length === 1 ? '' : 's'}: ${named}${more}`;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function takesBody(route: RouteOptions): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.some((method) => BODY_METHODS.has(method.toUpperCase()));
}

/** A route without a body schema that reads multipart or raw bytes says so in `consumes`. */
function mayReadJson(route: RouteOptions): boolean {
  const consumes = route.schema?.consumes;
  return consumes === undefined || consumes.some((type) => /json/i.test(type));
}

function isJsonRequest(request: FastifyRequest): boolean {
  return /^application\/(.+\+)?json\b/i.test(request.headers['content-type'] ?? '');
}

/** A route that declares no body has no fields: every key of a JSON object body is unknown. */
async function refuseBodyKeys(request: FastifyRequest): Promise<void> {
  const body: unknown = request.body;
  // A parsed JSON object; raw bytes (Buffer), arrays and null have no fields to refuse.
  if (!isJsonRequest(request) || typeof body !== 'object' || body === null) return;
  const proto: unknown = Object.getPrototypeOf(body);
  if (proto !== Object.prototype && proto !== null) return;
  const keys = Object.keys(body);
  if (keys.length > 0) throw new ValidationError(unknownFieldsMessage(keys), keys[0]);
}

async function strictBodiesPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (route.schema?.body !== undefined) {
      assertStrictBody(route);
      return;
    }
    if (!takesBody(route) || !mayReadJson(route)) return;
    const existing = route.preValidation;
    route.preValidation = existing === undefined ? [refuseBodyKeys] : [...(Array.isArray(existing) ? existing : [existing]), refuseBodyKeys];
  });
}

/** Register before any route: the hook only sees routes added after it. */
export const strictBodies = fp(strictBodiesPlugin, { name: 'strict-bodies' });
