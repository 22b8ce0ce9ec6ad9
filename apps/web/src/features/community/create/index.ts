export { CreatePostDialog, type CreatePostDialogProps } from './create-post-dialog';
export { CURRENT_LOCATION_TIMEOUT_MS } from './use-post-locations';
