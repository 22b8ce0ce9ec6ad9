import { describe, expect, it } from 'vitest';
import { swipeDirection, wrapIndex } from './carousel-state';
import { gridLayout } from './components/media-grid';

describe('carousel rules', () => {
  it('wraps around both ends', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(1, 3)).toBe(1);
    expect(wrapIndex(5, 0)).toBe(0);
  });

  it('moves only on swipes longer than 20 % of the width', () => {
    expect(swipeDirection(-80, 400)).toBe(0);
    expect(swipeDirection(-81, 400)).toBe(1);
    expect(swipeDirection(81, 400)).toBe(-1);
    expect(swipeDirection(100, 0)).toBe(0);
  });

  it('shows at most three tiles with a +N count for the rest', () => {
    expect(gridLayout(1)).toEqual({ shown: 1, extra: 0 });
    expect(gridLayout(3)).toEqual({ shown: 3, extra: 0 });
    expect(gridLayout(4)).toEqual({ shown: 3, extra: 1 });
  });
});
