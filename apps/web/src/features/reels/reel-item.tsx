import type { Reel } from '@saathi/shared';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import FlagIcon from '@mui/icons-material/OutlinedFlag';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ShareIcon from '@mui/icons-material/Share';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toast';
import { EditReelDialog } from './edit-reel-dialog';
import { ReelCaption } from './reel-caption';
import { ReportReelDialog } from './report-reel-dialog';
import { reelsApi } from './reels-api';
import { useMostlyVisible, useReelPlayback } from './reel-playback';
import { shareOrCopy } from '../../lib/share-or-copy';
import { reelLink } from './share-reel';

/** SPEC.md §9: the link-copied notice shows for 2 s. */
const COPIED_TOAST_MS = 2000;

interface ReelItemProps {
  reel: Reel;
  index: number;
  userId: number;
  autoplay: boolean;
  onActive: (index: number) => void;
  onOpenComments: (reel: Reel) => void;
  commentCount: number;
  /** The author saved a new title or caption. */
  onEdited: (reel: Reel) => void;
}

/**
 * A count under its action icon: the number is what the eye reads (none at zero, the icon says
 * enough); screen readers hear the whole phrase ('3 likes', '0 comments') instead of a bare number.
 */
export function ReelCount({ value, label, testId }: { value: number; label: string; testId: string }) {
  const { i18n } = useTranslation();
  return (
    <span className="reel__count">
      <span aria-hidden="true" data-testid={testId}>
        {value > 0 ? new Intl.NumberFormat(i18n.language, { notation: 'compact' }).format(value) : ''}
      </span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** One reel: the video (or embedded hosted video), caption, like, comment and share (SPEC.md §4 "Reel player"). */
export function ReelItem({ reel, index, userId, autoplay, onActive, onOpenComments, commentCount, onEdited }: ReelItemProps) {
  const { t } = useTranslation('reels');
  const toast = useToast();
  const root = useRef<HTMLElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const active = useMostlyVisible(root);
  const [liked, setLiked] = useState(false);
  const [likes, setLikes] = useState(reel.likes);
  const [shares, setShares] = useState(reel.shares);
  const [manualPlay, setManualPlay] = useState(false);
  const [editing, setEditing] = useState(false);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [reporting, setReporting] = useState(false);
  const isAuthor = reel.uploader !== null && reel.uploader.id === userId;

  useEffect(() => {
    if (active) onActive(index);
  }, [active, index, onActive]);

  useEffect(() => {
    let current = true;
    reelsApi.checkLike(userId, reel.id).then(
      (value) => current && setLiked(value === true),
      (error: unknown) => console.error('Failed to check the like', error),
    );
    return () => {
      current = false;
    };
  }, [userId, reel.id]);

  const playError = useCallback(() => toast.error(t('playFailed')), [toast, t]);
  useReelPlayback(video, active, autoplay || manualPlay, playError);

  async function toggleLike() {
    const next = !liked;
    // Optimistic: the count moves now; the server's answer settles it.
    setLiked(next);
    setLikes((n) => Math.max(0, n + (next ? 1 : -1)));
    try {
      const answer = await reelsApi.like(userId, reel.id, next);
      setLikes(answer.likes);
    } catch (error) {
      console.error('Failed to like the reel', error);
    }
  }

  async function share() {
    const outcome = await shareOrCopy({ title: reel.title || t('shareTitle'), url: reelLink() });
    if (outcome === 'copied') toast.success(t('linkCopied'), { autoHideMs: COPIED_TOAST_MS });
    if (outcome === 'shared' || outcome === 'copied') {
      reelsApi.logShare(userId, reel.id).then(
        (answer) => setShares(answer.shares),
        (error: unknown) => console.error('Failed to log the share', error),
      );
    }
  }

  const hostedId = reel.videoSource !== 'normal' ? reel.videoId : null;
  return (
    <section ref={root} className="reel" aria-label={reel.title || t('untitled')} data-testid="reel" data-reel-id={reel.id} data-active={active}>
      {hostedId ? (
        active ? (
          <iframe
            className="reel__media"
            title={reel.title || t('untitled')}
            src={`https://www.youtube-nocookie.com/embed/${hostedId}?autoplay=${autoplay ? 1 : 0}&mute=1&loop=1&playlist=${hostedId}&playsinline=1`}
            allow="autoplay; encrypted-media; picture-in-picture"
            allowFullScreen
          />
        ) : (
          <div className="reel__media" />
        )
      ) : (
        <video
          ref={video}
          className="reel__media"
          src={reel.videoUrl}
          loop
          muted
          playsInline
          preload={active ? 'auto' : 'metadata'}
          onClick={(event) => {
            const element = event.currentTarget;
            if (element.paused) void element.play().catch(playError);
            else element.pause();
          }}
        />
      )}
      {!hostedId && active && !autoplay && !manualPlay && (
        <IconButton
          className="reel__play"
          size="large"
          sx={{ color: '#fff', bgcolor: 'rgba(0,0,0,0.4)', width: 72, height: 72 }}
          onClick={() => setManualPlay(true)}
          aria-label={t('play')}
        >
          <PlayArrowIcon fontSize="large" />
        </IconButton>
      )}
      <ReelCaption author={reel.uploader?.name || null} title={reel.title} description={reel.description} />
      <div className="reel__actions">
        {isAuthor && (
          <IconButton sx={{ color: '#fff' }} onClick={() => setEditing(true)} aria-label={t('edit')}>
            <EditIcon />
          </IconButton>
        )}
        <IconButton
          sx={{ color: liked ? '#ff4d6d' : '#fff' }}
          onClick={() => void toggleLike()}
          aria-pressed={liked}
          aria-label={liked ? t('unlike') : t('like')}
        >
          {liked ? <FavoriteIcon /> : <FavoriteBorderIcon />}
        </IconButton>
        <ReelCount value={likes} label={t('likesCount', { count: likes })} testId="reel-likes" />
        <IconButton sx={{ color: '#fff' }} onClick={() => onOpenComments(reel)} aria-label={t('comments')}>
          <ChatBubbleOutlineIcon />
        </IconButton>
        <ReelCount value={commentCount} label={t('commentsCount', { count: commentCount })} testId="reel-comments-count" />
        <IconButton sx={{ color: '#fff' }} onClick={() => void share()} aria-label={t('share')}>
          <ShareIcon />
        </IconButton>
        <ReelCount value={shares} label={t('sharesCount', { count: shares })} testId="reel-shares" />
        {!isAuthor && (
          <IconButton sx={{ color: '#fff' }} onClick={(event) => setMenuAnchor(event.currentTarget)} aria-label={t('more')} aria-haspopup="menu">
            <MoreVertIcon />
          </IconButton>
        )}
      </div>
      <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
        <MenuItem
          onClick={() => {
            setMenuAnchor(null);
            setReporting(true);
          }}
        >
          <ListItemIcon>
            <FlagIcon fontSize="small" />
          </ListItemIcon>
          {t('report.action')}
        </MenuItem>
      </Menu>
      {reporting && <ReportReelDialog reel={reel} onClose={() => setReporting(false)} />}
      {isAuthor && editing && <EditReelDialog reel={reel} open onClose={() => setEditing(false)} onSaved={onEdited} />}
    </section>
  );
}
