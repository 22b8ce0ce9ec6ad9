import { describe, expect, it } from 'vitest';
import { addDemoPost, reportPost, samplePosts, toggleSaved } from './demo-posts';

describe('demo feed', () => {
  it('starts with the samples and puts new posts first', () => {
    const start = samplePosts();
    expect(start).toHaveLength(4);
    const next = addDemoPost(start, { author: 'Me', text: '  Hello Surat  ', photoUrl: null });
    expect(next).toHaveLength(5);
    expect(next[0]).toMatchObject({ text: 'Hello Surat', sampleKey: null, minutesAgo: 0 });
  });

  it('ignores an empty post but accepts a photo alone', () => {
    expect(addDemoPost([], { author: 'Me', text: '   ', photoUrl: null })).toEqual([]);
    expect(addDemoPost([], { author: 'Me', text: '', photoUrl: 'blob:x' })).toHaveLength(1);
  });

  it('saves, unsaves and hides reported posts', () => {
    const start = samplePosts();
    const id = start[1]?.id ?? '';
    const saved = toggleSaved(start, id);
    expect(saved[1]?.saved).toBe(true);
    expect(toggleSaved(saved, id)[1]?.saved).toBe(false);
    expect(reportPost(start, id).map((post) => post.id)).not.toContain(id);
  });
});
