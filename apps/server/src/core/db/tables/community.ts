import type { Generated } from 'kysely';
import type { Default, GeneratedColumn, Geography, TriggerCount } from './columns';

export type PostPriority = 'high' | 'medium' | 'regular' | 'low';

export interface PostsTable {
  id: Generated<number>;
  user_id: number;
  /** Business name for business posts, else the author's name. */
  user_name: string;
  title: Default<string>;
  description: Default<string>;
  post_type: Default<'community'>;
  status: Default<'active' | 'hidden' | 'removed'>;
  priority: Default<PostPriority>;
  location: Geography | null;
  show_location: Default<boolean>;
  tags: Default<string[]>;
  is_business_post: Default<boolean>;
  business_category: string | null;
  whatsapp_number: string | null;
  delivery_range_m: number | null;
  video_url: string | null;
  likes_count: TriggerCount;
  comments_count: TriggerCount;
  shares_count: TriggerCount;
  /** 'simple'-config tsvector of title, tags, description, user name and category. */
  search_vector: GeneratedColumn<string>;
  /** 0.5° grid cell of `location` (migration 0011), for the ranked feed's index. */
  feed_cell: GeneratedColumn<number | null>;
  created_at: Default<Date>;
  updated_at: Default<Date>;
}

export interface PostMediaTable {
  id: Generated<number>;
  post_id: number;
  media_object_id: number | null;
  url: string;
  thumbnail_url: string | null;
  content_type: Default<string>;
  width: number | null;
  height: number | null;
  /** 0..3 (at most 4 photos). */
  position: number;
  created_at: Default<Date>;
}

export interface PostLikesTable {
  id: Generated<number>;
  post_id: number;
  user_id: number;
  created_at: Default<Date>;
}

export interface PostCommentsTable {
  id: Generated<number>;
  post_id: number;
  user_id: number;
  content: string;
  /** 'hidden' after enough reports until a moderator decides; 'removed' by a moderator (kept so an appeal can restore it). */
  status: Default<'active' | 'hidden' | 'removed'>;
  created_at: Default<Date>;
  updated_at: Default<Date>;
}

export interface PostSharesTable {
  id: Generated<number>;
  post_id: number;
  user_id: number | null;
  channel: 'native' | 'link' | 'whatsapp' | null;
  created_at: Default<Date>;
}

export interface CommunityTables {
  posts: PostsTable;
  post_media: PostMediaTable;
  post_likes: PostLikesTable;
  post_comments: PostCommentsTable;
  post_shares: PostSharesTable;
}
