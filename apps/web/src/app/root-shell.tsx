import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { setNavigator } from '../lib/navigation';
import { MediaStreamGuard } from './media-stream-guard';
import { PageLoading } from '../components/page-loading';

// The tab title ("SOS · Saathi") is set just after the first paint, off the SOS dashboard's JS budget.
const DocumentTitle = lazy(() => import('./document-title').then((module) => ({ default: module.DocumentTitle })));

/** Once the first screen is up and the browser is idle: the loaders of the other screens (routes.tsx). */
function prefetchOtherScreens(): () => void {
  const load = () => void import('./more-pages');
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(load, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(load, 1500);
  return () => clearTimeout(id);
}

/** Wraps every route: the media guard, scroll restoration, the tab title and the navigator used outside React. */
export function RootShell() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((path, options) => void navigate(path, options));
    return () => setNavigator(null);
  }, [navigate]);
  useEffect(prefetchOtherScreens, []);

  return (
    <>
      <MediaStreamGuard />
      <ScrollRestoration />
      <Suspense fallback={null}>
        <DocumentTitle />
      </Suspense>
      {/* Screens suspend while their code or translations load. */}
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </>
  );
}
