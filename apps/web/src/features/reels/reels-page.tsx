import type { Reel } from '@saathi/shared';
import VideocamIcon from '@mui/icons-material/Videocam';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BusyNote } from '../../components/busy-note';
import { PageHeading } from '../../components/page-heading';
import { useSession } from '../../entities/session';
import { ReelComments } from './reel-comments';
import { ReelItem } from './reel-item';
import { prefersSaveData } from './reel-playback';
import { useReelsFeed } from './use-reels-feed';
import './reels.css';

/** `/incident-reels`: the vertical, snapping feed of incident reels (SPEC.md "Incident reels"). */
export function ReelsPage() {
  const { t } = useTranslation('reels');
  const { user } = useSession();
  const feed = useReelsFeed();
  const [commentsFor, setCommentsFor] = useState<Reel | null>(null);
  const [commentsAdded, setCommentsAdded] = useState<Record<number, number>>({});
  const autoplay = useMemo(() => !prefersSaveData(), []);
  const { reached } = feed;
  const onActive = useCallback((index: number) => reached(index), [reached]);
  const onAdded = useCallback((reelId: number) => setCommentsAdded((c) => ({ ...c, [reelId]: (c[reelId] ?? 0) + 1 })), []);

  if (!user) return null;
  return (
    <Box sx={{ position: 'relative' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1, maxWidth: 480, mx: 'auto', minHeight: 40 }}>
        <PageHeading>{t('title')}</PageHeading>
        <Button component={Link} to="/create-reel" variant="contained" size="small" startIcon={<VideocamIcon />} aria-label={t('record')}>
          {t('recordShort')}
        </Button>
      </Box>
      <BusyNote
        query={{ failureReason: feed.busy, isFetching: feed.busy !== null, data: feed.reels.length > 0 ? feed.reels : undefined }}
        sx={{ maxWidth: 480, mx: 'auto', mb: 1 }}
      />
      <div className="reels-feed" data-testid="reels-feed">
        {feed.reels.map((reel, index) => (
          <ReelItem
            key={reel.id}
            reel={reel}
            index={index}
            userId={user.id}
            autoplay={autoplay}
            onActive={onActive}
            onOpenComments={setCommentsFor}
            onEdited={feed.replace}
            commentCount={reel.comments + (commentsAdded[reel.id] ?? 0)}
          />
        ))}
        {feed.ready && feed.reels.length === 0 && (
          <Box className="reel" sx={{ flexDirection: 'column', gap: 1, p: 3, textAlign: 'center' }}>
            <Typography variant="h6">{t('empty')}</Typography>
            <Typography variant="body2">{t('emptyHint')}</Typography>
          </Box>
        )}
        {feed.loading && (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
            <CircularProgress size={28} sx={{ color: '#fff' }} aria-label={t('loading')} />
          </Box>
        )}
      </div>
      <ReelComments key={commentsFor?.id ?? 0} reel={commentsFor} userId={user.id} onClose={() => setCommentsFor(null)} onAdded={onAdded} />
    </Box>
  );
}
