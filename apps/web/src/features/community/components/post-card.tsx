import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import MenuBook from '@mui/icons-material/MenuBook';
import OutlinedFlag from '@mui/icons-material/OutlinedFlag';
import Place from '@mui/icons-material/Place';
import Share from '@mui/icons-material/Share';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CommunityPost } from '@saathi/shared';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useToast } from '../../../components/toast';
import { useSession } from '../../../entities/session';
import { distanceLabel, mapsUrl, relativeTimeText } from '../card-text';
import type { usePostActions } from '../use-post-actions';
import { CommentsSheet } from './comments-sheet';
import { LikesSheet } from './likes-sheet';
import { MediaGrid } from './media-grid';
import { PostDescription } from './post-description';
import { PostVideo } from './post-video';
import { SignInPrompt, type SignInReason } from './visitor-sign-in';
import { loadReportContentDialog } from '../../moderation/lazy';

// The report dialog loads only when a reader opens it.
const ReportContentDialog = lazy(() => loadReportContentDialog().then((module) => ({ default: module.ReportContentDialog })));
// The catalog (carousel, cart, orders) loads only when a reader opens one.
const BusinessCatalogDialog = lazy(() => import('../catalog').then((module) => ({ default: module.BusinessCatalogDialog })));

interface PostCardProps {
  post: CommunityPost;
  actions: ReturnType<typeof usePostActions>;
  /** Where the reader is, for the catalog's delivery-range check (SPEC.md §6). */
  reader: { latitude: number; longitude: number } | null;
}

/** One community post as SPEC.md §2 describes the card. */
export function PostCard({ post, actions, reader }: PostCardProps) {
  const { t, i18n } = useTranslation(['community', 'account', 'moderation']);
  const toast = useToast();
  const { isLoggedIn, user } = useSession();
  const [sheet, setSheet] = useState<'comments' | 'likes' | 'catalog' | 'report' | null>(null);
  // Visitors read; what needs an account opens a sign-in prompt that brings them back here.
  const [signIn, setSignIn] = useState<SignInReason | null>(null);
  const memberOnly = (reason: SignInReason, action: () => void) => () => (isLoggedIn ? action() : setSignIn(reason));
  // /my-posts/{id} is for members; visitors get the same list at the public /profile/{id} (SPEC.md §2).
  const profilePath = isLoggedIn ? `/my-posts/${post.userId}` : `/profile/${post.userId}`;
  const distance = distanceLabel(t, post.distance, i18n.language);
  const category = post.businessCategory && post.businessCategory !== 'null' ? post.businessCategory : null;

  function openLocation() {
    if (!post.location) {
      toast.warning(t('card.noLocation'));
      return;
    }
    window.open(mapsUrl(post.location), '_blank', 'noopener');
  }

  return (
    <Card component="article" variant="outlined" aria-labelledby={`post-title-${post.id}`} sx={{ p: 2, borderRadius: 3 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
        <Avatar component={RouterLink} to={profilePath} src={post.user.profileImage ?? undefined} alt={post.userName} sx={{ textDecoration: 'none' }}>
          {post.userName.charAt(0)}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {/* A business name can be long: it wraps rather than being cut at 360 px. */}
          <Link component={RouterLink} to={profilePath} underline="hover" color="inherit" sx={{ fontWeight: 600, display: 'block', overflowWrap: 'anywhere' }}>
            {post.userName}
          </Link>
          <Typography variant="caption" color="textSecondary">
            {relativeTimeText(t, post.createdAt, new Date(), i18n.language)}
          </Typography>
        </Box>
        {distance ? (
          <Button
            size="small"
            color="inherit"
            onClick={openLocation}
            startIcon={<Place color="error" />}
            aria-label={t('card.openLocation')}
            sx={{ textTransform: 'none', flexShrink: 0 }}
          >
            <Typography variant="caption" color="textSecondary">
              {distance}
            </Typography>
          </Button>
        ) : (
          // No distance (a visitor without a location, a hidden place): just the icon, leaving the name its room.
          <IconButton size="small" onClick={openLocation} aria-label={t('card.openLocation')} sx={{ flexShrink: 0 }}>
            <Place color="error" />
          </IconButton>
        )}
      </Stack>

      <Stack spacing={1}>
        {post.title && (
          <Typography id={`post-title-${post.id}`} variant="subtitle1" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {post.title}
          </Typography>
        )}
        <PostDescription text={post.description} priority={post.priority} />
        {(category || post.hasCatalog) && (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            {category && (
              <Chip size="small" color="primary" variant="outlined" label={t(`account:businessCategories.${category}`, { defaultValue: category })} />
            )}
            {post.isBusinessPost && post.hasCatalog && (
              <Chip size="small" color="secondary" icon={<MenuBook />} label={t('card.catalog')} onClick={memberOnly('order', () => setSheet('catalog'))} />
            )}
          </Stack>
        )}
        {post.tags.length > 0 && (
          <Typography variant="body2" color="primary" sx={{ overflowWrap: 'anywhere' }}>
            {post.tags.map((tag) => `#${tag.replace(/^#/, '')}`).join(' ')}
          </Typography>
        )}
        {post.videoUrl ? (
          <PostVideo url={post.videoUrl} />
        ) : (
          <MediaGrid images={post.mediaUrls} thumbnails={post.thumbnailUrls} alt={post.title || post.userName} />
        )}
      </Stack>

      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 1, flexWrap: 'wrap' }}>
        <IconButton
          aria-label={post.liked ? t('card.unlike') : t('card.like')}
          aria-pressed={post.liked}
          color={post.liked ? 'error' : 'default'}
          disabled={actions.isLiking(post.id)}
          onClick={memberOnly('like', () => actions.like(post))}
        >
          {post.liked ? <Favorite /> : <FavoriteBorder />}
        </IconButton>
        <Link
          component="button"
          type="button"
          variant="body2"
          color="textSecondary"
          underline="hover"
          aria-label={t('card.showLikes')}
          onClick={memberOnly('likes', () => setSheet('likes'))}
        >
          {t('card.likes', { count: post.likesCount })}
        </Link>
        <Button
          size="small"
          color="inherit"
          startIcon={<ChatBubbleOutline />}
          onClick={() => setSheet('comments')}
          aria-label={t('card.comments')}
          sx={{ ml: 1 }}
        >
          {post.commentsCount}
        </Button>
        <Box sx={{ flex: 1 }} />
        {post.isBusinessPost && (
          <IconButton aria-label={t('card.whatsapp')} onClick={() => actions.whatsapp(post)} sx={{ color: '#25D366' }}>
            <WhatsApp />
          </IconButton>
        )}
        {actions.canShare && (
          <Button size="small" color="inherit" startIcon={<Share />} aria-label={t('card.share')} onClick={() => void actions.share(post)}>
            {post.sharesCount}
          </Button>
        )}
        {isLoggedIn && user?.id !== post.userId && (
          <IconButton size="small" aria-label={t('report.open', { ns: 'moderation' })} onClick={() => setSheet('report')}>
            <OutlinedFlag fontSize="small" />
          </IconButton>
        )}
      </Stack>
      <Suspense fallback={null}>
        {sheet === 'comments' && <CommentsSheet postId={post.id} open onClose={() => setSheet(null)} />}
        {sheet === 'likes' && <LikesSheet postId={post.id} open onClose={() => setSheet(null)} />}
        {sheet === 'report' && <ReportContentDialog target={{ type: 'post', id: post.id }} onClose={() => setSheet(null)} />}
        {sheet === 'catalog' && <BusinessCatalogDialog open businessUserId={post.userId} readerLocation={reader} onClose={() => setSheet(null)} />}
      </Suspense>
      {signIn && <SignInPrompt reason={signIn} onClose={() => setSignIn(null)} />}
    </Card>
  );
}
