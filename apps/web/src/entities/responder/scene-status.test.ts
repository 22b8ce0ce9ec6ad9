import { describe, expect, it } from 'vitest';
import { sceneStatusMember } from './scene-status';

describe('sceneStatusMember', () => {
  it('names each step, handing over with whom, and an accepted volunteer with no step yet', () => {
    expect(sceneStatusMember(null, null)).toBe('accepted');
    expect(sceneStatusMember('en_route', null)).toBe('en_route');
    expect(sceneStatusMember('handed_over', 'police')).toBe('handed_over_police');
    expect(sceneStatusMember('done', null)).toBe('done');
  });
});
