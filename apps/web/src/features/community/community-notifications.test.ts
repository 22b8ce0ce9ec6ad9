import type { NotificationItem } from '@saathi/shared';
import { describe, expect, it } from 'vitest';
import { communityNotifications } from './community-notifications';

function item(id: number, type: string, postId: number | null = null): NotificationItem {
  return {
    id,
    type,
    title: 't',
    body: 'b',
    read: false,
    sosEventId: null,
    sosEventActive: null,
    postId,
    actorId: null,
    data: {},
    createdAt: '2026-01-01T00:00:00Z',
  };
}

describe('communityNotifications', () => {
  it('keeps post, comment and like notifications only', () => {
    const list = [item(1, 'sos.alert'), item(2, 'post.liked', 5), item(3, 'comment.created'), item(4, 'news.daily')];
    expect(communityNotifications(list).map((n) => n.id)).toEqual([2, 3]);
  });

  it('shows everything when nothing is typed as community', () => {
    const list = [item(1, 'sos.alert'), item(2, 'sos.accepted')];
    expect(communityNotifications(list).map((n) => n.id)).toEqual([1, 2]);
  });
});
