import { describe, expect, it } from 'vitest';
import { THREATS } from '@saathi/shared';
import { THREAT_CHOICES } from './threats';

describe('threat chips', () => {
  it('offer exactly the threats the API accepts, in the same order', () => {
    expect([...THREAT_CHOICES]).toEqual([...THREATS]);
  });
});
