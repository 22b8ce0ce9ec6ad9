import { describe, expect, it } from 'vitest';
import { bearer, build, signedInUser } from '../../../test/build';
import { freshPlace, raiseSos } from '../../../test/sos-fixtures';

const t = build();

// An admin passes every role check, so each route gets as far as reading its body.
const meera = signedInUser(t, { name: 'Meera Shah', roles: ['admin'] });

type JsonSchema = Record<string, unknown>;
interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** Every route of the OpenAPI document that takes a JSON body, with that body's schema. */
async function jsonBodyRoutes(): Promise<{ method: string; path: string; schema: JsonSchema; doc: JsonSchema }[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json<{ paths: Record<string, Record<string, Operation>> } & JsonSchema>();
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) => {
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      return schema ? [{ method: method.toUpperCase(), path, schema, doc }] : [];
    }),
  );
}

/** JSON-schema paths of objects that do not say `additionalProperties: false`. */
function openObjects(schema: unknown, doc: JsonSchema, path = ''): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as JsonSchema;
  if (typeof node.$ref === 'string') {
    const target = node.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((at, key) => (at as JsonSchema | undefined)?.[key], doc);
    return openObjects(target, doc, path);
  }
  const found: string[] = [];
  const isObject = node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object')) || 'properties' in node;
  if (isObject && node.additionalProperties !== false) found.push(path || '(body)');
  for (const [key, value] of Object.entries((node.properties as Record<string, unknown> | undefined) ?? {})) {
    found.push(...openObjects(value, doc, path ? `${path}.${key}` : key));
  }
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const) {
    for (const item of (node[key] as unknown[] | undefined) ?? []) found.push(...openObjects(item, doc, path));
  }
  if (node.items) found.push(...openObjects(node.items, doc, `${path}[]`));
  return found;
}

describe('every JSON body refuses unknown keys', () => {
  it('is declared closed in the OpenAPI document (additionalProperties: false at every level)', async () => {
    const routes = await jsonBodyRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(19);
    const open = routes.flatMap(({ method, path, schema, doc }) => openObjects(schema, doc).map((where) => `${method} ${path} ${where}`));
    expect(open).toEqual([]);
  });

  it('answers 400 naming the unknown key on every route with a JSON body', async () => {
    const routes = await jsonBodyRoutes();
    const answers = await Promise.all(
      routes.map(async ({ method, path }) => {
        const url = path.replace(/\{[^}]+\}/g, '1');
        const res = await t.app.inject({ method: method as 'POST', url, headers: bearer(meera.token), payload: { zzUnknown: 1 } });
        return { route: `${method} ${path}`, status: res.statusCode, error: res.json().error };
      }),
    );
    const expected = { status: 400, error: { code: 'validation_error', message: 'Unknown field: zzUnknown', field: 'zzUnknown' } };
    for (const answer of answers) expect(answer).toEqual({ route: answer.route, ...expected });
  });
});

describe('POST /api/sos', () => {
  it('refuses an extra key with 400 naming it, and raises nothing', async () => {
    const sosCount = async () =>
      Number(
        (
          await t.db
            .selectFrom('sos_events')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', meera.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const body = { ...freshPlace(), threat: 'medical', contactsOnly: true };
    const refused = await raiseSos(t, meera.token, { ...body, userId: meera.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: { code: 'validation_error', message: 'Unknown field: userId', field: 'userId' } });
    expect(await sosCount()).toBe(0);

    // Two unknown keys: both are named, the field is the first.
    const two = await raiseSos(t, meera.token, { ...body, foo: 1, bar: 2 });
    expect(two.json()).toEqual({ error: { code: 'validation_error', message: 'Unknown fields: foo, bar', field: 'foo' } });
    expect(await sosCount()).toBe(0);

    // The same body without the extra key is a valid alert.
    expect((await raiseSos(t, meera.token, body)).statusCode).toBe(201);
    expect(await sosCount()).toBe(1);
  });
});

describe('PATCH /api/users/me', () => {
  const patchMe = (payload: object) => t.app.inject({ method: 'PATCH', url: '/api/users/me', headers: bearer(meera.token), payload });
  const home = { name: 'Home', location: { type: 'Point', coordinates: [72.5714, 23.0225] } };

  it('accepts the declared fields at every level (and answers them through the response schema)', async () => {
    const res = await patchMe({
      emergencyContacts: [{ name: 'Amma', phoneNumber: '9876500001', relation: 'Mother' }],
      locations: [{ ...home, isBusinessLocation: true, isVolunteerLocation: true }],
      newsPreferences: { language: 'en', categories: ['safety'], newsType: 'local' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      emergencyContacts: [{ name: 'Amma', phoneNumber: '9876500001', relation: 'Mother' }],
      locations: [{ name: 'Home', isBusinessLocation: true, isVolunteerLocation: true, location: { type: 'Point' } }],
      newsPreferences: { language: 'en', categories: ['safety'], newsType: 'local' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(meera.token) })).statusCode).toBe(200);
  });

  it.each([
    ['a top-level key', { isAdmin: true }, 'isAdmin'],
    ['a key of a saved location', { locations: [{ ...home, note: 'x' }] }, 'locations.0.note'],
    ['a key of a GeoJSON point', { locations: [home, { ...home, location: { ...home.location, crs: 'x' } }] }, 'locations.1.location.crs'],
    ['a key of an emergency contact', { emergencyContacts: [{ name: 'Amma', phoneNumber: '9876500001', id: 3 }] }, 'emergencyContacts.0.id'],
    ['a key of the news preferences', { newsPreferences: { language: 'en', theme: 'dark' } }, 'newsPreferences.theme'],
  ])('refuses %s with 400 naming it and writes nothing', async (_label, extra, field) => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(meera.token) })).json();
    const res = await patchMe({ city: 'Surat', ...extra });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'validation_error', message: `Unknown field: ${field}`, field } });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(meera.token) })).json()).toEqual(before);
  });
});

describe('nested bodies', () => {
  const feedBackData = { feedbackGiverId: 1, feedbackReceiverId: 2, rating: 5, eventId: 1 };

  it('POST /api/sos/feedback names feedBackData.extra', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sos/feedback',
      headers: bearer(meera.token),
      payload: { feedBackData: { ...feedBackData, extra: 1 } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'validation_error', message: 'Unknown field: feedBackData.extra', field: 'feedBackData.extra' } });
  });

  it('names unknown keys of different levels together', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sos/feedback',
      headers: bearer(meera.token),
      payload: { feedBackData: { ...feedBackData, extra: 1 }, zz: 1 },
    });
    expect(res.json()).toEqual({ error: { code: 'validation_error', message: 'Unknown fields: feedBackData.extra, zz', field: 'feedBackData.extra' } });
  });

  it('POST /api/auth/update-fcm-token names a key inside the subscription keys', async () => {
    const fcmToken = { endpoint: 'https://push.example/abc', expirationTime: null, keys: { p256dh: 'p256', auth: 'auth', extra: 'x' } };
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/update-fcm-token', headers: bearer(meera.token), payload: { fcmToken } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'validation_error', message: 'Unknown field: fcmToken.keys.extra', field: 'fcmToken.keys.extra' });
  });

  it('POST /api/community/orders names a key of an order line', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/community/orders',
      headers: bearer(meera.token),
      payload: { businessUserId: 1, order: [{ slideId: 1, text: '2 plates', title: 'Thali', price: 90 }] },
    });
    expect(res.json().error).toEqual({ code: 'validation_error', message: 'Unknown field: order.0.price', field: 'order.0.price' });
  });
});

describe('routes without a body', () => {
  it('refuse a JSON body with keys, and work without one', async () => {
    const refused = await t.app.inject({ method: 'POST', url: '/api/events/ticket', headers: bearer(meera.token), payload: { ttl: 3600 } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: { code: 'validation_error', message: 'Unknown field: ttl', field: 'ttl' } });
    expect((await t.app.inject({ method: 'POST', url: '/api/events/ticket', headers: bearer(meera.token) })).statusCode).toBe(200);
  });
});

describe('query strings', () => {
  it('stay lenient: unknown parameters are ignored', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications?page=1&utm_source=share&_=123', headers: bearer(meera.token) });
    expect(res.statusCode).toBe(200);
  });
});
