import { describe, expect, it } from 'vitest';
import { nextHidden } from './use-hide-on-scroll';

describe('create bar visibility', () => {
  it('stays visible within the first 100 px', () => {
    expect(nextHidden(50, 100, false)).toBe(false);
    expect(nextHidden(150, 90, true)).toBe(false);
  });

  it('hides on scroll down past 100 px and shows on scroll up', () => {
    expect(nextHidden(100, 140, false)).toBe(true);
    expect(nextHidden(400, 380, true)).toBe(false);
    expect(nextHidden(300, 300, true)).toBe(true);
  });
});
