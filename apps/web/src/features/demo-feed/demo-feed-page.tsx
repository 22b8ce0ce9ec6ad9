import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toast';
import { useSession } from '../../entities/session';
import { DemoPostCard } from './demo-post-card';
import { addDemoPost, reportPost, samplePosts, toggleSaved, type DemoPost } from './demo-posts';

/** /feed: a demo of the community feed with local data only (SPEC.md §2 "Demo feed"). */
export function DemoFeedPage() {
  const { t } = useTranslation('community-create');
  const toast = useToast();
  const { user } = useSession();
  const [posts, setPosts] = useState<DemoPost[]>(samplePosts);
  const [composing, setComposing] = useState(false);
  const [text, setText] = useState('');
  const [photoUrl, setPhotoUrl] = useState<string | null>(null);
  const urls = useRef<string[]>([]);

  // Photo previews live as object URLs until the page goes away.
  useEffect(() => () => urls.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const pickPhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.error(t('photos.onlyImages'));
      return;
    }
    const url = URL.createObjectURL(file);
    urls.current.push(url);
    setPhotoUrl(url);
  };

  const closeComposer = () => {
    setComposing(false);
    setText('');
    setPhotoUrl(null);
  };

  const post = () => {
    setPosts((list) => addDemoPost(list, { author: user?.name || t('demoFeed.you'), text, photoUrl }));
    closeComposer();
  };

  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', p: 2 }}>
      <Typography variant="h5" component="h1">
        {t('demoFeed.title')}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        {t('demoFeed.subtitle')}
      </Typography>
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <ButtonBase onClick={() => setComposing(true)} sx={{ width: '100%', justifyContent: 'flex-start', gap: 1.5, p: 1.5, borderRadius: 1 }}>
          <Avatar sx={{ width: 36, height: 36 }}>{(user?.name || t('demoFeed.you')).slice(0, 1).toUpperCase()}</Avatar>
          <Typography color="textSecondary">{t('demoFeed.whatsOnYourMind')}</Typography>
        </ButtonBase>
      </Paper>
      <Stack spacing={2}>
        {posts.map((item) => (
          <DemoPostCard
            key={item.id}
            post={item}
            onToggleSaved={() => {
              toast.success(item.saved ? t('demoFeed.unsavedToast') : t('demoFeed.savedToast'));
              setPosts((list) => toggleSaved(list, item.id));
            }}
            onReport={() => {
              toast.info(t('demoFeed.reportedToast'));
              setPosts((list) => reportPost(list, item.id));
            }}
          />
        ))}
      </Stack>
      <Dialog open={composing} onClose={closeComposer} fullWidth maxWidth="sm" aria-labelledby="demo-compose-title">
        <DialogTitle id="demo-compose-title">{t('demoFeed.createTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={4}
            margin="dense"
            label={t('demoFeed.whatsOnYourMind')}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          {photoUrl && <Box component="img" src={photoUrl} alt={t('demoFeed.photoAlt')} sx={{ mt: 1, maxWidth: '100%', maxHeight: 240, borderRadius: 1 }} />}
        </DialogContent>
        <DialogActions sx={{ justifyContent: 'space-between' }}>
          <Button component="label" startIcon={<AddPhotoAlternateIcon />}>
            {t('demoFeed.addPhoto')}
            <input hidden type="file" accept="image/*" onChange={pickPhoto} />
          </Button>
          <Button variant="contained" onClick={post} disabled={text.trim() === '' && !photoUrl}>
            {t('actions.post')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
