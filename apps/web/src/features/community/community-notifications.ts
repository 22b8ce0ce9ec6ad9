import type { NotificationItem } from '@saathi/shared';

/** A notification about a post: it names one, or its type is in the post/comment/like/community family. */
export function isCommunityNotification(item: NotificationItem): boolean {
  return item.postId !== null || /^(post|comment|like|community|order)[._]/.test(item.type);
}

/** The community ones; when none are typed as such, every notification (SPEC.md post-notifications). */
export function communityNotifications(items: readonly NotificationItem[]): NotificationItem[] {
  const community = items.filter(isCommunityNotification);
  return community.length > 0 ? community : [...items];
}
