export { CreatePostDialog, CURRENT_LOCATION_TIMEOUT_MS, type CreatePostDialogProps } from './create-post-dialog';
