import { describe, expect, it } from 'vitest';
import { activeNavItem, navItems } from './nav-items';

describe('navigation items', () => {
  it('lists SOS, Volunteers, News and Account in that order', () => {
    expect(navItems.map((item) => [item.labelKey, item.path])).toEqual([
      ['sos', '/'],
      ['volunteers', '/volunteers'],
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
  ])('%s highlights %s', (pathname, labelKey) => {
    expect(activeNavItem(pathname)?.labelKey).toBe(labelKey);
  });

  it('highlights nothing for pages outside the navigation', () => {
    expect(activeNavItem('/tnc')).toBeUndefined();
    expect(activeNavItem('/newsletter')).toBeUndefined();
  });
});
