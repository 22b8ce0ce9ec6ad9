import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../../components/page-loading';

// The dialog is its own chunk so this route adds almost nothing to the app's route table.
const CreatePostDialog = lazy(() => import('./create-post-dialog').then((module) => ({ default: module.CreatePostDialog })));

/** /community/create: the Create Post dialog on its own route; closing returns to the feed. */
export function CreatePostPage() {
  const navigate = useNavigate();
  const back = () => void navigate('/comunity-post', { replace: true });
  return (
    <Suspense fallback={<PageLoading />}>
      <CreatePostDialog open onClose={back} onCreated={back} />
    </Suspense>
  );
}
