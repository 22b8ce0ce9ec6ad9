import { describe, expect, it } from 'vitest';
import { defaultAppPath, postLoginDestination, readFromState } from './post-login';

const done = { profileCompleted: true } as const;

describe('post-login destination', () => {
  it('sends users with an incomplete profile to the stepper, even when they came from elsewhere', () => {
    expect(postLoginDestination({ profileCompleted: false, defaultApp: 'news' }, { pathname: '/account' }, { astroEnabled: false })).toBe('/profile');
  });

  it('returns to the page the user was sent away from', () => {
    expect(postLoginDestination({ ...done, defaultApp: 'news' }, { pathname: '/news/3', search: '?x=1', hash: '#top' }, { astroEnabled: false })).toBe(
      '/news/3?x=1#top',
    );
  });

  it('ignores a saved location that is the login page itself', () => {
    expect(postLoginDestination({ ...done, defaultApp: 'news' }, { pathname: '/login/AB12CD34' }, { astroEnabled: false })).toBe('/news');
  });

  it.each([
    ['sos', false, '/'],
    ['news', false, '/news'],
    ['community', false, '/comunity-post'],
    ['astroai', true, '/astro-ai'],
    ['astroai', false, '/'],
    ['something-else', false, '/'],
  ])('defaultApp %s (astro flag %s) → %s', (defaultApp, astroEnabled, expected) => {
    expect(defaultAppPath(defaultApp, astroEnabled)).toBe(expected);
    expect(postLoginDestination({ ...done, defaultApp: defaultApp as 'sos' }, null, { astroEnabled })).toBe(expected);
  });

  it('reads only well-formed router state', () => {
    expect(readFromState({ from: { pathname: '/account', search: '?a=1' } })).toEqual({ pathname: '/account', search: '?a=1', hash: '' });
    expect(readFromState({ from: { pathname: 'https://evil.example' } })).toBeNull();
    expect(readFromState({ from: { pathname: '//evil.example/x' } })).toBeNull();
    expect(readFromState({ from: 'x' })).toBeNull();
    expect(readFromState(null)).toBeNull();
  });
});
