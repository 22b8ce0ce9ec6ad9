import * as shared from '@saathi/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorHandler } from './error-handler';
import { lenientObjectPaths, strictBodies, unknownFieldsMessage } from './strict-bodies';

describe('lenientObjectPaths', () => {
  const strict = z.strictObject({ a: z.string() });

  it('finds nothing in a tree of strict objects', () => {
    const body = z.strictObject({
      list: z.array(strict).max(3),
      maybe: strict.nullish(),
      either: z.union([strict, z.string()]),
      later: z.lazy(() => strict),
      parsed: z.preprocess((v) => v, strict),
      piped: strict.transform((v) => v.a),
      withDefault: strict.default({ a: 'x' }),
      pair: z.tuple([strict, z.number()]),
      map: z.record(z.string(), strict),
    });
    expect(lenientObjectPaths(body)).toEqual([]);
    expect(
      lenientObjectPaths(
        z
          .strictObject({ a: z.string() })
          .partial()
          .refine(() => true),
      ),
    ).toEqual([]);
    expect(lenientObjectPaths(z.object({ a: z.string() }).strict())).toEqual([]);
  });

  it('names every non-strict object, wherever it sits', () => {
    const loose = z.object({ b: z.number() });
    expect(lenientObjectPaths(loose)).toEqual(['']);
    expect(lenientObjectPaths(z.looseObject({}))).toEqual(['']);
    expect(lenientObjectPaths(strict.catchall(z.string()))).toEqual(['']);
    expect(
      lenientObjectPaths(
        z.strictObject({
          list: z.array(loose),
          maybe: loose.nullable().optional(),
          either: z.union([strict, loose]),
          later: z.lazy(() => loose),
          parsed: z.preprocess((v) => v, loose),
          piped: z
            .string()
            .transform((v) => ({ b: Number(v) }))
            .pipe(loose),
          withDefault: loose.default({ b: 1 }),
          both: z.intersection(strict, loose),
          pair: z.tuple([z.number(), loose]),
          map: z.record(z.string(), loose),
          nested: z.strictObject({ deeper: loose }),
        }),
      ),
    ).toEqual(['list[]', 'maybe', 'either', 'later', 'parsed', 'piped', 'withDefault', 'both', 'pair.1', 'map{}', 'nested.deeper']);
  });

  it('ends on recursive schemas', () => {
    type Node = { children: Node[] };
    const Node: z.ZodType<Node> = z.strictObject({ children: z.array(z.lazy(() => Node)) });
    expect(lenientObjectPaths(Node)).toEqual([]);
  });

  it('finds nothing in the request bodies of the shared contract', () => {
    const bodies = Object.entries(shared).filter(([name]) => /Body$/.test(name));
    expect(bodies.length).toBeGreaterThan(15);
    for (const [name, schema] of bodies) expect([name, lenientObjectPaths(schema)]).toEqual([name, []]);
  });
});

describe('unknownFieldsMessage', () => {
  it('names one or all of the fields, and at most 20', () => {
    expect(unknownFieldsMessage(['foo'])).toBe('Unknown field: foo');
    expect(unknownFieldsMessage(['foo', 'feedBackData.extra'])).toBe('Unknown fields: foo, feedBackData.extra');
    const many = Array.from({ length: 25 }, (_, i) => `k${i}`);
    expect(unknownFieldsMessage(many)).toBe(`Unknown fields: ${many.slice(0, 20).join(', ')} and 5 more`);
  });
});

describe('the strict-bodies guard', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function appWith(routes: FastifyPluginAsyncZod): Promise<FastifyInstance> {
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorHandler);
    await app.register(strictBodies);
    await app.register(routes, { prefix: '/api' });
    await app.ready();
    return app;
  }

  it('stops start-up when a route declares a non-strict JSON body', async () => {
    const lenient: FastifyPluginAsyncZod = async (api) => {
      api.post('/lenient', { schema: { body: z.object({ a: z.string() }) } }, async () => ({}));
    };
    await expect(appWith(lenient)).rejects.toThrow(/POST \/api\/lenient: the JSON body schema accepts unknown keys at \(the body itself\)\. .*z\.strictObject/);
  });

  it('names a non-strict object nested in an otherwise strict body', async () => {
    const nested: FastifyPluginAsyncZod = async (api) => {
      api.patch(
        '/nested',
        { schema: { body: z.strictObject({ items: z.array(z.strictObject({ at: z.object({ x: z.number() }) })).optional() }) } },
        async () => ({}),
      );
    };
    await expect(appWith(nested)).rejects.toThrow('PATCH /api/nested: the JSON body schema accepts unknown keys at items[].at.');
  });

  it('refuses a body schema that is not zod', async () => {
    const jsonSchema: FastifyPluginAsyncZod = async (api) => {
      api.post('/json-schema', { schema: { body: { type: 'object' } as never } }, async () => ({}));
    };
    await expect(appWith(jsonSchema)).rejects.toThrow('POST /api/json-schema: the body schema must be a zod schema');
  });

  it('lets strict bodies through and refuses unknown keys at any level, naming them all', async () => {
    const routes: FastifyPluginAsyncZod = async (api) => {
      api.post(
        '/strict',
        { schema: { body: z.strictObject({ a: z.number(), inner: z.strictObject({ b: z.number() }).optional() }) } },
        async (request) => request.body,
      );
    };
    const server = await appWith(routes);
    const post = (payload: object) => server.inject({ method: 'POST', url: '/api/strict', payload });
    expect((await post({ a: 1, inner: { b: 2 } })).statusCode).toBe(200);
    expect((await post({ a: 1, zz: 1 })).json()).toEqual({ error: { code: 'validation_error', message: 'Unknown field: zz', field: 'zz' } });
    expect((await post({ a: 1, inner: { b: 2, c: 3, d: 4 }, zz: 1 })).json()).toEqual({
      error: { code: 'validation_error', message: 'Unknown fields: inner.c, inner.d, zz', field: 'inner.c' },
    });
    // An unknown key is named even when a declared field is wrong too.
    expect((await post({ a: 'one', zz: 1 })).json().error).toMatchObject({ field: 'zz', message: 'Unknown field: zz' });
    expect((await post({ a: 'one' })).json().error).toMatchObject({ code: 'validation_error', field: 'a' });
  });

  it('refuses JSON keys on a route that declares no body, and leaves multipart and raw routes alone', async () => {
    const routes: FastifyPluginAsyncZod = async (api) => {
      api.post('/no-body', async () => ({ ok: true }));
      api.post('/form', { schema: { consumes: ['multipart/form-data'] } }, async () => ({ ok: true }));
      api.register(async (raw) => {
        raw.removeAllContentTypeParsers();
        raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
        raw.put('/bytes', async (request) => ({ size: (request.body as Buffer).length }));
      });
      api.get('/query', async () => ({ ok: true }));
    };
    const server = await appWith(routes);
    const noBody = await server.inject({ method: 'POST', url: '/api/no-body', payload: { reason: 'x', extra: 1 } });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json()).toEqual({ error: { code: 'validation_error', message: 'Unknown fields: reason, extra', field: 'reason' } });
    expect((await server.inject({ method: 'POST', url: '/api/no-body' })).statusCode).toBe(200);
    expect((await server.inject({ method: 'POST', url: '/api/no-body', payload: {} })).statusCode).toBe(200);
    expect((await server.inject({ method: 'POST', url: '/api/form', payload: { title: 'json' } })).statusCode).toBe(200);
    const bytes = await server.inject({ method: 'PUT', url: '/api/bytes', headers: { 'content-type': 'application/json' }, payload: '{"a":1}' });
    expect(bytes.json()).toEqual({ size: 7 });
    // Query strings stay lenient.
    expect((await server.inject({ method: 'GET', url: '/api/query?utm_source=x' })).statusCode).toBe(200);
  });
});
