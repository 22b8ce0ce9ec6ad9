import type { CommunityPost, PostComment } from '@saathi/shared';
import { describe, expect, it } from 'vitest';
import { applyLike, commentsOldestFirst } from './queries';

const post = { id: 1, liked: false, wasLiked: false, likesCount: 0 } as CommunityPost;
const comment = (id: number) => ({ id }) as PostComment;

describe('community cache rules', () => {
  it('moves the like count by one, never below zero', () => {
    const liked = applyLike(post, true);
    expect(liked).toMatchObject({ liked: true, wasLiked: true, likesCount: 1 });
    expect(applyLike(liked, false)).toMatchObject({ liked: false, likesCount: 0 });
    expect(applyLike({ ...post, liked: true, likesCount: 0 }, false).likesCount).toBe(0);
    // Same state again changes nothing (a repeated success must not count twice).
    expect(applyLike(liked, true)).toBe(liked);
  });

  it('lists comments oldest first across pages of newest-first results', () => {
    // Page 1 holds the newest (5, 4), page 2 older ones (3, 2).
    expect(
      commentsOldestFirst([
        [comment(5), comment(4)],
        [comment(3), comment(2)],
      ]).map((c) => c.id),
    ).toEqual([2, 3, 4, 5]);
    expect(commentsOldestFirst(undefined)).toEqual([]);
  });
});
