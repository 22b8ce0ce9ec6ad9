import { LIMITS, type CommunityPost, type User } from '@saathi/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { BusinessCategorySelect, isBusinessCategory } from '../../../components/business-category-select';
import { useMeQuery } from '../../../entities/user';
import { LocationSelectorDialog } from '../location-picker/location-selector-dialog';
import { useInteractionLimits } from '../queries';
import { isAllowedImage } from './compress-steps';
import { applyBusinessToggle, draftProblem, extractTags, hasBusinessLocation } from './create-post-form';
import { compressImage } from './image-compress';
import { PhotoAdder } from './photo-adder';
import { PostLocationList } from './post-location-list';
import { useCreatePostMutation } from './use-create-post';
import { usePostLocations } from './use-post-locations';
import { DialogHeader } from '../../../components/dialog-header';

export interface CreatePostDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (post: CommunityPost) => void;
}

/** Full-screen Create Post (SPEC.md §2, §4 "Create post", §5). The form is fresh on every open. */
export function CreatePostDialog({ open, onClose, onCreated }: CreatePostDialogProps) {
  const me = useMeQuery();
  return (
    <Dialog fullScreen open={open} onClose={onClose} aria-labelledby="create-post-title">
      {open && me.data && <CreatePostForm user={me.data} onClose={onClose} onCreated={onCreated} />}
    </Dialog>
  );
}

function CreatePostForm({ user, onClose, onCreated }: { user: User; onClose: () => void; onCreated: (post: CommunityPost) => void }) {
  // 'account' holds the business category names: loaded with the form so the business toggle never suspends the page.
  const { t } = useTranslation(['community-create', 'account']);
  const errorText = useErrorText();
  const limits = useInteractionLimits(user.id);
  const create = useCreatePostMutation();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [processing, setProcessing] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [moreOptions, setMoreOptions] = useState(false);
  const [isBusinessPost, setIsBusinessPost] = useState(false);
  const [category, setCategory] = useState('');
  const [showLocation, setShowLocation] = useState(false);
  const locations = usePostLocations(user.locations);
  const [mapOpen, setMapOpen] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const limit = limits.data;
  const overLimit = limit !== undefined && limit.usedPostCount >= limit.dailyPostLimit;
  const problem = draftProblem({ title, description, photoCount: photos.length, isBusinessPost, businessCategory: category });
  const posting = create.isPending;

  const addPhotos = async (files: File[]) => {
    setPhotoError(null);
    if (files.some((file) => !isAllowedImage(file))) {
      setPhotoError(t('photos.onlyImages'));
      return;
    }
    const room = LIMITS.photosMax - photos.length;
    const accepted = files.slice(0, room);
    if (files.length > room) setPhotoError(t('photos.max', { count: LIMITS.photosMax }));
    setProcessing(true);
    try {
      const compressed = await Promise.all(accepted.map((file) => compressImage(file)));
      setPhotos((list) => [...list, ...compressed].slice(0, LIMITS.photosMax));
    } catch (error) {
      console.error('photo processing failed', error);
      setPhotoError(t('photos.processingFailed'));
    } finally {
      setProcessing(false);
    }
  };

  const toggleBusiness = (on: boolean) => {
    setIsBusinessPost(on);
    const next = applyBusinessToggle(locations.options, on, { selectedKey: locations.selectedKey, showLocation });
    locations.select(next.selectedKey);
    setShowLocation(next.showLocation);
    setCategory(on && user.businessCategory ? user.businessCategory : '');
  };

  const submit = async () => {
    setSubmitted(true);
    setServerError(null);
    if (problem || overLimit || posting) return;
    const { selected } = locations;
    const form = new FormData();
    form.append('title', title.trim());
    form.append('description', description.trim());
    form.append('postType', 'community');
    form.append('status', 'active');
    if (selected) form.append('location', JSON.stringify({ type: 'Point', coordinates: [selected.longitude, selected.latitude] }));
    form.append('showLocation', String(showLocation));
    form.append('tags', JSON.stringify(extractTags(`${title} ${description}`)));
    form.append('userId', String(user.id));
    const userName = (isBusinessPost ? user.businessName : null) || user.name;
    if (userName) form.append('userName', userName);
    form.append('isBusinessPost', String(isBusinessPost));
    if (isBusinessPost) {
      form.append('businessCategory', category);
      if (user.whatsappNumber) form.append('whatsappNumber', user.whatsappNumber);
    }
    photos.forEach((photo, index) => form.append(`media_${index}`, photo, photo.name));
    try {
      const post = await create.mutateAsync(form);
      onCreated(post);
      onClose();
    } catch (error) {
      // SPEC.md §8: a failed post is logged and the dialog stays open; the server's reason is shown too.
      console.error('post creation failed', error);
      if (isApiError(error) && !error.isNetworkError) setServerError(errorText(error));
    }
  };

  return (
    <>
      <DialogHeader titleId="create-post-title" title={t('title')} closeLabel={t('actions.close')} onClose={onClose} position="sticky">
        <Button variant="contained" onClick={() => void submit()} disabled={posting || processing || overLimit || (submitted && problem !== null)}>
          {posting ? t('actions.posting') : t('actions.post')}
        </Button>
      </DialogHeader>
      <Box sx={{ p: 2, maxWidth: 720, width: '100%', mx: 'auto' }}>
        <Stack spacing={2}>
          {overLimit && <Alert severity="warning">{t('dailyLimit', { count: limit.dailyPostLimit })}</Alert>}
          {serverError && <Alert severity="error">{serverError}</Alert>}
          <TextField
            label={t('fields.title')}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            error={problem === 'title'}
            helperText={problem === 'title' ? t('errors.title', { count: LIMITS.postTitleMax }) : `${title.length}/${LIMITS.postTitleMax}`}
            slotProps={{ htmlInput: { maxLength: LIMITS.postTitleMax + 10 } }}
          />
          <TextField
            label={t('fields.description')}
            placeholder={t('fields.descriptionPlaceholder')}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            multiline
            minRows={4}
            error={problem === 'description'}
            helperText={problem === 'description' ? t('errors.description') : `${description.length}/${LIMITS.postDescriptionMax}`}
          />
          <PhotoAdder
            photos={photos}
            busy={processing}
            onAdd={(files) => void addPhotos(files)}
            onRemove={(index) => setPhotos((list) => list.filter((_, i) => i !== index))}
          />
          {processing && <Typography variant="body2">{t('photos.processing')}</Typography>}
          {photoError && <Alert severity="error">{photoError}</Alert>}
          {submitted && problem === 'empty' && <Alert severity="info">{t('errors.empty')}</Alert>}
          <FormControlLabel control={<Switch checked={moreOptions} onChange={(_, on) => setMoreOptions(on)} />} label={t('fields.moreOptions')} />
          {moreOptions && (
            <Stack spacing={2}>
              {hasBusinessLocation(locations.options) && (
                <FormControlLabel control={<Switch checked={isBusinessPost} onChange={(_, on) => toggleBusiness(on)} />} label={t('fields.businessPost')} />
              )}
              {isBusinessPost && (
                <BusinessCategorySelect
                  value={isBusinessCategory(category) ? category : ''}
                  onChange={setCategory}
                  error={submitted && problem === 'category' ? t('errors.category') : undefined}
                />
              )}
              <FormControlLabel
                control={<Switch checked={showLocation} disabled={isBusinessPost} onChange={(_, on) => setShowLocation(on)} />}
                label={t('fields.showLocation')}
              />
              <PostLocationList
                options={locations.options}
                selectedKey={locations.selectedKey}
                locating={locations.locating}
                onSelect={locations.select}
                onPickOnMap={() => setMapOpen(true)}
              />
            </Stack>
          )}
        </Stack>
      </Box>
      <LocationSelectorDialog
        open={mapOpen}
        initial={locations.selected}
        onClose={() => setMapOpen(false)}
        onSelect={(point) => {
          locations.pickCustom(point);
          setMapOpen(false);
        }}
      />
    </>
  );
}
