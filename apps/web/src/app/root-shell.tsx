import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { setNavigator } from '../lib/navigation';
import { MediaStreamGuard } from './media-stream-guard';
import { PageLoading } from '../components/page-loading';

/** Wraps every route: the media guard, scroll restoration and the navigator used outside React. */
export function RootShell() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((path, options) => void navigate(path, options));
    return () => setNavigator(null);
  }, [navigate]);

  return (
    <>
      <MediaStreamGuard />
      <ScrollRestoration />
      {/* Screens suspend while their code or translations load. */}
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </>
  );
}
