import { Suspense, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { theme } from '../theme/theme';
import { ToastProvider } from '../components/toast';
import { i18next, initI18n, NAMESPACES } from '../i18n';
import { retryBusy } from '../lib/busy-retry';

/** Renders routes in memory with the app's providers, in English. */
export async function renderRoutes(routes: RouteObject[], initialPath: string) {
  await initI18n('en-US');
  // Load every namespace up front so screens render at once instead of suspending.
  await i18next.loadNamespaces(NAMESPACES);
  // No retries, except of a read the server shed (503 busy), which the app waits out (query-client.ts).
  const queryClient = new QueryClient({ defaultOptions: { queries: retryBusy(false), mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const view = render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <Suspense fallback={<p>Loading…</p>}>
            <RouterProvider router={router} />
          </Suspense>
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...view, router, queryClient };
}

export function page(path: string, element: ReactElement): RouteObject {
  return { path, element };
}
