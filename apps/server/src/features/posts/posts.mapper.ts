import type { CommunityPost, PostComment } from '@saathi/shared';
import type { CommentRow } from './engagement.repository';
import type { PostRow } from './posts.repository';

/**
 * A post as SPEC.md §3 reads it. The exact point is sent only when the author chose to show it
 * (or to the author); otherwise members get the distance rounded up to whole kilometres, so
 * repeated reads from chosen spots cannot pin the author's home down, and visitors (readerId
 * null, anonymous and unlimited in number) get no distance at all.
 */
export function toCommunityPost(row: PostRow, readerId: number | null): CommunityPost {
  const exact = row.show_location || (readerId !== null && row.user_id === readerId);
  const km = row.km === null || (!exact && readerId === null) ? null : exact ? Math.round(row.km * 1000) / 1000 : Math.max(1, Math.ceil(row.km));
  return {
    id: row.id,
    userId: row.user_id,
    userName: row.user_name,
    user: { id: row.user_id, name: row.author_name ?? row.user_name, avatar: row.author_avatar, profileImage: row.profile_image },
    title: row.title,
    description: row.description,
    priority: row.priority,
    status: row.status,
    postType: 'community',
    mediaUrls: row.media.map((m) => m.url),
    thumbnailUrls: row.media.map((m) => m.thumb ?? m.url),
    videoUrl: row.video_url,
    likesCount: row.likes_count,
    commentsCount: row.comments_count,
    sharesCount: row.shares_count,
    wasLiked: row.liked,
    liked: row.liked,
    isBusinessPost: row.is_business_post,
    businessCategory: row.business_category,
    whatsappNumber: row.is_business_post ? row.whatsapp_number : null,
    tags: row.tags,
    showLocation: row.show_location,
    createdAt: row.created_at_text,
    location: exact && row.lon !== null && row.lat !== null ? { x: row.lon, y: row.lat } : null,
    distance: km,
    deliveryRange: row.delivery_range_m,
    hasCatalog: row.has_catalog,
  };
}

export function toPostComment(row: CommentRow): PostComment {
  return {
    id: row.id,
    content: row.content,
    createdAt: row.created_at_text,
    postId: row.post_id,
    user: { id: row.user_id, name: row.name ?? '', avatar: row.avatar },
  };
}
