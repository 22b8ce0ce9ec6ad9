import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
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

/**
 * Names the location the screen on show was drawn for on `<html data-location>`, in the same
 * commit as the screen (a layout effect, before the paint). Moving between screens inside the
 * app, the old screen stays until the new one is ready: the end-to-end route sweep clears it,
 * moves, and waits for it before it looks at the new screen.
 */
function RenderedLocation() {
  const location = useLocation();
  // Each navigation has a location of its own (a new key), even back to the same path.
  useLayoutEffect(() => {
    document.documentElement.dataset.location = `${location.pathname}${location.search}`;
  }, [location]);
  return null;
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
      <RenderedLocation />
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
