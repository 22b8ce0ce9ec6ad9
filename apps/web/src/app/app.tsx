import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ToastProvider } from '../components/toast';
import { PwaUpdatePrompt } from '../pwa/pwa-update-prompt';
import { queryClient } from './query-client';
import { routes } from './routes';

export function App() {
  // Created once per page load; lazy so tests can render <App/> in isolation if needed.
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    // The MUI theme is provided per screen (routes.tsx), keeping it off the SOS dashboard's path.
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
        <PwaUpdatePrompt />
      </ToastProvider>
    </QueryClientProvider>
  );
}
