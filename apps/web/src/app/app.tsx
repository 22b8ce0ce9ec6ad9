import { lazy, Suspense, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ToastProvider } from '../components/toast';
import { queryClient } from './query-client';
import { routes } from './routes';

/** The service worker and the feedback outbox: they show nothing at first, so they load after the first screen. */
const BackgroundTasks = lazy(() => import('./background-tasks').then((module) => ({ default: module.BackgroundTasks })));

export function App() {
  // Created once per page load; lazy so tests can render <App/> in isolation if needed.
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    // The MUI theme is provided per screen (routes.tsx), keeping it off the SOS dashboard's path.
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
        <Suspense fallback={null}>
          <BackgroundTasks />
        </Suspense>
      </ToastProvider>
    </QueryClientProvider>
  );
}
