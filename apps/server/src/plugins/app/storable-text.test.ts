import { describe, expect, it } from 'vitest';
import { bearer, build, signedInUser } from '../../../test/build';
import { written } from '../../../test/written';
import { unstorableTextPath } from './storable-text';

const t = build();
const neha = signedInUser(t, { name: 'Neha Kulkarni' });
// An admin passes every role check, so each route gets as far as reading its input.
const meera = signedInUser(t, { name: 'Meera Shah', roles: ['admin'], dob: '1990-05-17' });

/** Text PostgreSQL refuses: a NUL character, and half of a surrogate pair. */
const NUL_TEXT = 'a\u0000b';
const LONE_SURROGATE = 'call me \ud800';

describe('text that cannot be stored', () => {
  it('finds the first key or value with a NUL or a lone surrogate, and passes emoji and Indian scripts', () => {
    expect(unstorableTextPath({ name: 'नेहा 😀 નેહા', tags: ['ok'] })).toBeNull();
    expect(unstorableTextPath({ name: 'ok', nested: { list: ['fine', NUL_TEXT] } })).toBe('nested.list.1');
    expect(unstorableTextPath({ [`ke\u0000y`]: 'value' })).toBe('ke?y');
    expect(unstorableTextPath(LONE_SURROGATE)).toBe('');
    expect(unstorableTextPath(Buffer.from([0, 1, 2]))).toBeNull();
  });

  it('answers 400 naming the field, and changes nothing, for NUL and lone surrogates in a profile', async () => {
    for (const name of [NUL_TEXT, LONE_SURROGATE]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/users/me',
        headers: { ...bearer(neha.token), 'content-type': 'application/json' },
        payload: JSON.stringify({ name }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_error', field: 'name' });
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(neha.token) });
    expect(me.json().name).toBe('Neha Kulkarni');
  });

  it('answers 400 for a NUL in the query string, and still takes emoji', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/api/posts/community-posts?prompt=a%00b', headers: bearer(neha.token) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'validation_error', field: 'prompt' });
    const emoji = await t.app.inject({ method: 'PATCH', url: '/api/users/me', headers: bearer(neha.token), payload: { city: 'Pune 🌧️' } });
    expect(emoji.statusCode).toBe(200);
    expect(emoji.json().city).toBe('Pune 🌧️');
  });
});

type JsonSchema = Record<string, unknown>;
interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
}

async function openApi(): Promise<OpenApi & JsonSchema> {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Every operation of the document, with a URL whose path parameters are 1. */
function operations(doc: OpenApi): { route: string; method: string; url: string; operation: Operation }[] {
  return Object.entries(doc.paths).flatMap(([route, methods]) =>
    Object.entries(methods)
      .filter(([method]) => method !== 'head')
      .map(([method, operation]) => ({
        route: `${method.toUpperCase()} ${route}`,
        method: method.toUpperCase(),
        url: route.replace(/\{[^}]+\}/g, '1'),
        operation,
      })),
  );
}

function resolve(node: unknown, doc: JsonSchema): JsonSchema | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  const ref = (node as JsonSchema).$ref;
  if (typeof ref !== 'string') return node as JsonSchema;
  return resolve(
    ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((at, key) => (at as JsonSchema | undefined)?.[key], doc),
    doc,
  );
}

const typesOf = (node: JsonSchema) => (Array.isArray(node.type) ? (node.type as string[]) : typeof node.type === 'string' ? [node.type] : []);

/** Whether a JSON schema takes text: a string type, or text constants and enums. */
function takesText(node: JsonSchema): boolean {
  if (typesOf(node).includes('string')) return true;
  if (typeof node.const === 'string') return true;
  return Array.isArray(node.enum) && node.enum.some((value) => typeof value === 'string');
}

/**
 * The path of every place a JSON body holds text: each string property, array item (index 0)
 * and record value (key `k`), through references, unions and nesting. A recursive schema stops
 * at a few levels.
 */
function textPaths(schema: unknown, doc: JsonSchema, at: (string | number)[] = [], depth = 0): (string | number)[][] {
  const node = resolve(schema, doc);
  if (!node || depth > 6) return [];
  const found: (string | number)[][] = takesText(node) ? [at] : [];
  for (const [key, value] of Object.entries((node.properties as Record<string, unknown> | undefined) ?? {}))
    found.push(...textPaths(value, doc, [...at, key], depth + 1));
  if (node.items) found.push(...textPaths(node.items, doc, [...at, 0], depth + 1));
  if (typeof node.additionalProperties === 'object') found.push(...textPaths(node.additionalProperties, doc, [...at, 'k'], depth + 1));
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const option of (node[key] as unknown[] | undefined) ?? []) found.push(...textPaths(option, doc, at, depth));
  }
  const seen = new Set<string>();
  return found.filter((p) => !seen.has(p.join('.')) && seen.add(p.join('.')));
}

/** A body that holds `value` at `at` and nothing else: `{locations: [{name: value}]}`. */
function bodyWith(at: (string | number)[], value: string): unknown {
  return at.reduceRight<unknown>((inner, key) => (typeof key === 'number' ? [inner] : { [key]: inner }), value);
}

/** A multipart body of one text field, in UTF-8 or, to carry a lone surrogate (UTF-8 cannot), in UTF-16LE. */
function formWith(name: string, value: string, charset: 'utf-8' | 'utf-16le') {
  const boundary = `----saathi${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\nContent-Type: text/plain; charset=${charset}\r\n\r\n`),
    Buffer.from(value, charset === 'utf-8' ? 'utf8' : 'utf16le'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const UNSTORABLE = { NUL: NUL_TEXT, 'a lone surrogate': '\ud800' } as const;

describe('every field of the OpenAPI document refuses text that cannot be stored', () => {
  it('answers 400 naming the field, for every string of every JSON body, and writes nothing', async () => {
    const doc = await openApi();
    const cases = operations(doc).flatMap(({ route, method, url, operation }) => {
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      return schema ? textPaths(schema, doc).map((at) => ({ route, method, url, at })) : [];
    });
    expect(cases.length).toBeGreaterThan(100);
    const before = await written(t);
    const answers = [];
    for (const { route, method, url, at } of cases) {
      for (const [label, value] of Object.entries(UNSTORABLE)) {
        const res = await t.app.inject({
          method: method as 'POST',
          url,
          headers: { ...bearer(meera.token), 'content-type': 'application/json' },
          payload: JSON.stringify(bodyWith(at, value)),
        });
        answers.push({ route, label, field: at.join('.'), status: res.statusCode, error: res.json().error });
      }
    }
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 400, error: { code: 'validation_error', field: answer.field } });
    }
    expect(await written(t)).toEqual(before);
  });

  it('answers 400 naming the field, for every text field of every multipart form, and writes nothing', async () => {
    const doc = await openApi();
    const cases = operations(doc).flatMap(({ route, method, url, operation }) => {
      const schema = resolve(operation.requestBody?.content?.['multipart/form-data']?.schema, doc);
      const fields = Object.entries((schema?.properties as Record<string, JsonSchema> | undefined) ?? {});
      return fields.filter(([, field]) => field.type === 'string' && field.format !== 'binary').map(([name]) => ({ route, method, url, name }));
    });
    // The feedback, responder verification and post forms (the news picture form has no text field).
    expect(new Set(cases.map((c) => c.route))).toEqual(new Set(['POST /api/feedback', 'POST /api/responders/verification', 'POST /api/posts/post-create']));
    const before = await written(t);
    for (const { route, method, url, name } of cases) {
      for (const [label, value] of Object.entries(UNSTORABLE)) {
        for (const charset of ['utf-8', 'utf-16le'] as const) {
          // UTF-8 cannot carry a lone surrogate (it arrives as U+FFFD): only UTF-16 can.
          if (label === 'a lone surrogate' && charset === 'utf-8') continue;
          const form = formWith(name, value, charset);
          const res = await t.app.inject({ method: method as 'POST', url, headers: { ...bearer(meera.token), ...form.headers }, payload: form.payload });
          expect({ route, name, label, charset, status: res.statusCode, error: res.json().error }).toMatchObject({
            status: 400,
            error: { code: 'validation_error', field: name },
          });
        }
      }
    }
    expect(await written(t)).toEqual(before);
  });

  it('answers 400 naming the parameter, for a NUL in every text parameter of a query', async () => {
    const doc = await openApi();
    const cases = operations(doc).flatMap(({ route, method, url, operation }) =>
      (operation.parameters ?? [])
        .filter((p) => p.in === 'query' && p.schema && takesText(resolve(p.schema, doc) ?? {}))
        .map((p) => ({ route, method, url, name: p.name })),
    );
    expect(cases.length).toBeGreaterThan(5);
    for (const { route, method, url, name } of cases) {
      const res = await t.app.inject({ method: method as 'GET', url: `${url}?${name}=a%00b`, headers: bearer(meera.token) });
      expect({ route, name, status: res.statusCode, error: res.json().error }).toMatchObject({ status: 400, error: { code: 'validation_error', field: name } });
    }
  });

  it('holds the JSON inside a form field to the same rule, naming the path inside it', async () => {
    const diagnostics = JSON.stringify({ appVersion: '1', language: 'en-US', browser: '\ud800', permissions: {} });
    const feedback = formWith('diagnostics', diagnostics, 'utf-8');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { ...bearer(neha.token), ...feedback.headers },
      payload: feedback.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'validation_error', field: 'diagnostics.browser' });
    const tags = formWith('tags', JSON.stringify(['safe', 'a\u0000b']), 'utf-8');
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/posts/post-create',
      headers: { ...bearer(neha.token), ...tags.headers },
      payload: tags.payload,
    });
    expect(post.statusCode).toBe(400);
    expect(post.json().error).toMatchObject({ code: 'validation_error', field: 'tags.1' });
  });
});
