import { describe, expect, it, vi } from 'vitest';
import { resolveLocationText } from './geocode';

const GEOCODER = 'https://geocoder.example/search';

describe('resolveLocationText', () => {
  it('parses typed coordinates without the network', async () => {
    const fetcher = vi.fn<typeof fetch>();
    await expect(resolveLocationText(' 23.0225 , 72.5714 ', GEOCODER, { fetcher })).resolves.toEqual({
      kind: 'found',
      point: { latitude: 23.0225, longitude: 72.5714 },
      label: null,
    });
    await expect(resolveLocationText('23.0225, 72.5714', null, { fetcher })).resolves.toMatchObject({ kind: 'found' });
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('asks the Nominatim-compatible search for place names', async () => {
    const fetcher = vi.fn<typeof fetch>(async () => Response.json([{ lat: '23.0258', lon: '72.5873', display_name: 'Ahmedabad, Gujarat' }]));
    const result = await resolveLocationText('Ahmedabad', GEOCODER, { fetcher, language: 'gu-IN' });
    expect(result).toEqual({ kind: 'found', point: { latitude: 23.0258, longitude: 72.5873 }, label: 'Ahmedabad, Gujarat' });
    const [url, init] = fetcher.mock.calls[0] ?? [];
    const sent = new URL(url as string | URL);
    expect(sent.origin + sent.pathname).toBe(GEOCODER);
    expect(Object.fromEntries(sent.searchParams)).toEqual({ q: 'Ahmedabad', format: 'json', limit: '1', countrycodes: 'in' });
    expect(init?.headers).toMatchObject({ 'Accept-Language': 'gu-IN' });
  });

  it('says not found, no geocoder, or empty', async () => {
    const none = vi.fn<typeof fetch>(async () => Response.json([]));
    await expect(resolveLocationText('Nowhere Nagar', GEOCODER, { fetcher: none })).resolves.toEqual({ kind: 'not-found' });
    await expect(resolveLocationText('Surat', null)).resolves.toEqual({ kind: 'no-geocoder' });
    await expect(resolveLocationText('95, 72', GEOCODER, { fetcher: none })).resolves.toEqual({ kind: 'not-found' });
    await expect(resolveLocationText('   ', GEOCODER)).resolves.toEqual({ kind: 'empty' });
  });

  it('throws when the geocoder fails, so the screen can show the location error', async () => {
    const failing = vi.fn<typeof fetch>(async () => new Response('busy', { status: 503 }));
    await expect(resolveLocationText('Surat', GEOCODER, { fetcher: failing })).rejects.toThrow('503');
  });
});
