import { describe, expect, it } from 'vitest';
import { hashPin, pinMatches } from './safety-pins';

describe('safety PIN hashes', () => {
  it('match their own PIN only, and two hashes of one PIN differ (a salt each)', async () => {
    const first = await hashPin('4821', 10);
    const second = await hashPin('4821', 10);
    expect(first).toMatch(/^scrypt\$10\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);
    expect(await pinMatches('4821', first)).toBe(true);
    expect(await pinMatches('4822', first)).toBe(false);
    expect(await pinMatches('48210', first)).toBe(false);
    expect(await pinMatches('4821', 'plain$text')).toBe(false);
  });

  it('keep the cost they were made with', async () => {
    const stored = await hashPin('905512', 11);
    expect(stored.startsWith('scrypt$11$')).toBe(true);
    expect(await pinMatches('905512', stored)).toBe(true);
  });
});
