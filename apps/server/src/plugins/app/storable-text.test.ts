import { describe, expect, it } from 'vitest';
import { bearer, build, signedInUser } from '../../../test/build';
import { unstorableTextPath } from './storable-text';

const t = build();
const neha = signedInUser(t, { name: 'Neha Kulkarni' });

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
