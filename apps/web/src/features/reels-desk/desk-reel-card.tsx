import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DeskReel } from '@saathi/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskAction } from './queries';

interface DeskReelCardProps {
  reel: DeskReel;
  onAuthor: (author: { id: number; name: string }) => void;
  onEdit: (reel: DeskReel) => void;
  onModerate: (reel: DeskReel, action: DeskAction) => void;
}

/** The embed the reels screen uses for hosted videos (the CSP's frame-src allows only it). */
const embedUrl = (videoId: string) => `https://www.youtube-nocookie.com/embed/${videoId}?autoplay=1&playsinline=1`;

/** The reel's picture: its thumbnail (or first frame) until Play, then the video itself, inline. */
function DeskReelMedia({ reel, label }: { reel: DeskReel; label: string }) {
  const { t } = useTranslation('reels-desk');
  const [playing, setPlaying] = useState(false);
  const frame = { position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0, objectFit: 'contain' } as const;
  let picture = null;
  if (playing) {
    picture = reel.videoId ? (
      <Box component="iframe" title={label} src={embedUrl(reel.videoId)} allow="autoplay; encrypted-media; picture-in-picture" allowFullScreen sx={frame} />
    ) : (
      <Box component="video" src={reel.videoUrl} controls autoPlay playsInline sx={frame} />
    );
  } else if (reel.thumbnailUrl) {
    picture = <Box component="img" src={reel.thumbnailUrl} alt="" sx={frame} />;
  } else if (reel.videoSource === 'normal') {
    // The first frame stands in for a thumbnail; only its metadata is fetched until Play.
    picture = <Box component="video" src={`${reel.videoUrl}#t=0.1`} preload="metadata" muted playsInline aria-hidden="true" sx={frame} />;
  }
  // A hosted video without a thumbnail stays a dark frame: the embed host's images are outside the CSP.
  return (
    <Box sx={{ position: 'relative', aspectRatio: '16 / 9', bgcolor: 'grey.900', overflow: 'hidden' }}>
      {picture}
      {playing ? (
        <Button size="small" variant="contained" color="inherit" onClick={() => setPlaying(false)} sx={{ position: 'absolute', top: 8, right: 8 }}>
          {t('stop')}
        </Button>
      ) : (
        <IconButton
          onClick={() => setPlaying(true)}
          aria-label={t('play', { title: label })}
          sx={{
            position: 'absolute',
            inset: 0,
            m: 'auto',
            width: 64,
            height: 64,
            color: '#fff',
            bgcolor: 'rgba(0,0,0,0.55)',
            '&:hover': { bgcolor: 'rgba(0,0,0,0.7)' },
          }}
        >
          <PlayArrowIcon fontSize="large" />
        </IconButton>
      )}
    </Box>
  );
}

/** Report counts, the reasons by count, and the latest notes reporters wrote. */
function DeskReports({ reel }: { reel: DeskReel }) {
  const { t } = useTranslation(['reels-desk', 'reels']);
  const { reports } = reel;
  if (reports.count === 0) {
    return (
      <Typography variant="body2" color="textSecondary">
        {t('noReports')}
      </Typography>
    );
  }
  return (
    <Stack spacing={0.75}>
      <Typography variant="body2" sx={{ fontWeight: 600, color: reports.open > 0 ? 'error.main' : 'text.primary' }}>
        {t('reports', { count: reports.count })}
        {reports.open > 0 && ` · ${t('openReports', { count: reports.open })}`}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
        {reports.reasons.map(({ reason, count }) => (
          <Chip key={reason} size="small" variant="outlined" color="error" label={t('reasonCount', { reason: t(`reels:reportReasons.${reason}`), count })} />
        ))}
      </Stack>
      {reports.latestDetails.length > 0 && (
        <Box component="ul" aria-label={t('reportNotes')} sx={{ m: 0, pl: 2.5, color: 'text.secondary', typography: 'body2' }}>
          {reports.latestDetails.map((note, index) => (
            <li key={index}>“{note}”</li>
          ))}
        </Box>
      )}
    </Stack>
  );
}

/** One reel of the desk: picture, state, author, counts, reports, and what a moderator may do. */
export function DeskReelCard({ reel, onAuthor, onEdit, onModerate }: DeskReelCardProps) {
  const { t, i18n } = useTranslation('reels-desk');
  const titleId = useId();
  const label = reel.title || t('untitled');
  const author = reel.author;
  const authorName = author ? author.name || t('formerUser', { id: author.id }) : t('noAuthor');
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(reel.createdAt));
  const hidden = reel.status === 'hidden';

  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid="desk-reel"
      data-reel-id={reel.id}
      sx={{ display: 'flex', flexDirection: 'column' }}
    >
      <DeskReelMedia reel={reel} label={label} />
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1, pb: 1 }}>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          <Chip size="small" color={hidden ? 'warning' : 'success'} label={hidden ? t('status.hidden') : t('status.active')} />
          <Chip size="small" variant="outlined" label={reel.videoSource === 'youtube' ? t('source.youtube') : t('source.normal')} />
        </Stack>
        <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {label}
        </Typography>
        {reel.description && (
          <Typography
            variant="body2"
            color="textSecondary"
            sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}
          >
            {reel.description}
          </Typography>
        )}
        <Typography variant="body2" color="textSecondary">
          {author ? (
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={() => onAuthor({ id: author.id, name: authorName })}
              aria-label={t('onlyAuthor', { name: authorName })}
              sx={{ verticalAlign: 'baseline' }}
            >
              {authorName}
            </Link>
          ) : (
            authorName
          )}
          {` · ${when}`}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {t('likes', { count: reel.likes })} · {t('comments', { count: reel.comments })}
        </Typography>
        <DeskReports reel={reel} />
        {hidden && reel.hiddenReason && (
          <Alert severity="warning" sx={{ py: 0, overflowWrap: 'anywhere' }}>
            {t('hiddenBecause', { reason: reel.hiddenReason })}
          </Alert>
        )}
      </CardContent>
      <CardActions role="group" aria-label={t('actionsFor', { title: label })} sx={{ flexWrap: 'wrap', gap: 0.5, px: 2, pb: 2 }} disableSpacing>
        <Button size="small" variant="outlined" onClick={() => onEdit(reel)}>
          {t('edit')}
        </Button>
        {hidden ? (
          <Button size="small" variant="outlined" onClick={() => onModerate(reel, 'restore')}>
            {t('restore')}
          </Button>
        ) : (
          <Button size="small" variant="outlined" color="warning" onClick={() => onModerate(reel, 'hide')}>
            {t('hide')}
          </Button>
        )}
        <Button size="small" variant="outlined" color="error" onClick={() => onModerate(reel, 'delete')}>
          {t('delete')}
        </Button>
      </CardActions>
    </Card>
  );
}
