import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CardMedia from '@mui/material/CardMedia';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import BookmarkIcon from '@mui/icons-material/Bookmark';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { demoPostTime, type DemoPost } from './demo-posts';

export interface DemoPostCardProps {
  post: DemoPost;
  onToggleSaved: () => void;
  onReport: () => void;
}

export function DemoPostCard({ post, onToggleSaved, onReport }: DemoPostCardProps) {
  const { t } = useTranslation('community-create');
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const author = post.sampleKey ? t(`demoFeed.samples.${post.sampleKey}.author`) : post.author;
  const text = post.sampleKey ? t(`demoFeed.samples.${post.sampleKey}.text`) : post.text;
  const when = demoPostTime(t, post.minutesAgo);
  const close = () => setMenuAnchor(null);
  return (
    <Card variant="outlined" component="article" aria-label={author}>
      <CardHeader
        avatar={<Avatar sx={{ bgcolor: 'primary.main' }}>{author.slice(0, 1).toUpperCase()}</Avatar>}
        title={author}
        subheader={
          <>
            {when}
            {post.saved && <BookmarkIcon fontSize="inherit" sx={{ ml: 1, verticalAlign: 'middle' }} aria-label={t('demoFeed.savedBadge')} />}
          </>
        }
        action={
          <IconButton onClick={(event) => setMenuAnchor(event.currentTarget)} aria-label={t('demoFeed.postMenu')}>
            <MoreVertIcon />
          </IconButton>
        }
      />
      {text && (
        <CardContent sx={{ pt: 0 }}>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {text}
          </Typography>
        </CardContent>
      )}
      {post.photoUrl && <CardMedia component="img" image={post.photoUrl} alt={t('demoFeed.photoAlt')} sx={{ maxHeight: 360, objectFit: 'cover' }} />}
      <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={close}>
        <MenuItem
          onClick={() => {
            close();
            onToggleSaved();
          }}
        >
          {post.saved ? t('demoFeed.unsave') : t('demoFeed.save')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            onReport();
          }}
        >
          {t('demoFeed.report')}
        </MenuItem>
      </Menu>
    </Card>
  );
}
