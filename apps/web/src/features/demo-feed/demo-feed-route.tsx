import { lazy, Suspense } from 'react';
import { PageLoading } from '../../components/page-loading';

// The page is its own chunk so the /feed route adds almost nothing to the app's route table.
const DemoFeedPage = lazy(() => import('./demo-feed-page').then((module) => ({ default: module.DemoFeedPage })));

export function DemoFeedRoute() {
  return (
    <Suspense fallback={<PageLoading />}>
      <DemoFeedPage />
    </Suspense>
  );
}
