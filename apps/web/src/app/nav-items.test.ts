import { describe, expect, it } from 'vitest';
import { activeNavItem, navItems } from './nav-items';

describe('navigation items', () => {
  it('lists SOS, Volunteers, Community, Reels, News and Account in that order', () => {
    expect(navItems.map((item) => [item.labelKey, item.path])).toEqual([
      ['sos', '/'],
      ['volunteers', '/volunteers'],
      ['community', '/community'],
      ['reels', '/incident-reels'],
      ['news', '/news'],
      ['account', '/account'],
    ]);
  });

  it.each([
    ['/', 'sos'],
    ['/sos', 'sos'],
    ['/news', 'news'],
    ['/news/3', 'news'],
    ['/all-news', 'news'],
    ['/account', 'account'],
    ['/profile', 'account'],
    ['/volunteers', 'volunteers'],
    ['/volunteers-nearby', 'volunteers'],
    ['/community', 'community'],
    ['/comunity-post', 'community'],
    ['/community-post/12', 'community'],
    ['/my-posts/4', 'community'],
    ['/profile/4', 'community'],
    ['/incident-reels', 'reels'],
  ])('%s highlights %s', (pathname, labelKey) => {
    expect(activeNavItem(pathname)?.labelKey).toBe(labelKey);
  });

  it('highlights nothing for pages outside the navigation', () => {
    expect(activeNavItem('/tnc')).toBeUndefined();
    expect(activeNavItem('/newsletter')).toBeUndefined();
  });
});
