import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { changeAppLanguage, initI18n } from '../i18n';
import { useDocumentTitle } from './document-title';
import { formatDocumentTitle, routeTitleKey, usePageTitle, type RouteHandle, type TitleKey } from '../lib/page-title';
import { routes } from './routes';

type Json = Record<string, unknown>;
const titleFiles = import.meta.glob<Json>('../i18n/locales/*/titles.json', { eager: true, import: 'default' });
const titlesOf = (language: string) => titleFiles[`../i18n/locales/${language}/titles.json`] as Record<string, string>;

/** Every route that shows a screen (a leaf with a path or index), with its full path. */
function pageRoutes(list: readonly RouteObject[], parent = ''): { path: string; handle: unknown }[] {
  return list.flatMap((route) => {
    const path = route.index ? parent || '/' : route.path ? (route.path.startsWith('/') ? route.path : `${parent}/${route.path}`) : parent;
    if (route.children?.length) return pageRoutes(route.children, path.replace(/\/$/, ''));
    return [{ path, handle: route.handle }];
  });
}

function TitledShell() {
  useDocumentTitle();
  return <Outlet />;
}

function Article({ headline }: { headline: string | null }) {
  usePageTitle(headline);
  return <h1>{headline ?? 'loading'}</h1>;
}

const handle = (titleKey: TitleKey): RouteHandle => ({ titleKey });

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        Component: TitledShell,
        children: [
          { index: true, handle: handle('sos'), element: <p>dashboard</p> },
          { path: 'volunteers', handle: handle('volunteers'), element: <p>volunteers</p> },
          { path: 'news/1', handle: handle('newsArticle'), element: <Article headline="Heatwave: know the signs" /> },
          { path: 'news/2', handle: handle('newsArticle'), element: <Article headline={null} /> },
          { path: 'untitled', element: <p>untitled</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('formatDocumentTitle', () => {
  it('puts the page before the app name', () => {
    expect(formatDocumentTitle('Saathi', 'SOS')).toBe('SOS · Saathi');
    expect(formatDocumentTitle('साथी', 'सूचनाएँ')).toBe('सूचनाएँ · साथी');
  });

  it('falls back to the bare app name without a page name', () => {
    expect(formatDocumentTitle('Saathi', '')).toBe('Saathi');
    expect(formatDocumentTitle('Saathi', '   ')).toBe('Saathi');
    expect(formatDocumentTitle('Saathi', null)).toBe('Saathi');
  });
});

describe('routeTitleKey', () => {
  it('takes the deepest route that names its page', () => {
    expect(routeTitleKey([{ handle: undefined }, { handle: handle('community') }, { handle: handle('communityPost') }])).toBe('communityPost');
    expect(routeTitleKey([{ handle: handle('community') }, { handle: undefined }])).toBe('community');
    expect(routeTitleKey([{ handle: undefined }, { handle: { other: 1 } }])).toBeUndefined();
  });
});

describe('every page has its own title', () => {
  const pages = pageRoutes(routes);

  it('finds the screens of routes.tsx', () => {
    expect(pages.map((page) => page.path)).toEqual(expect.arrayContaining(['/', '/sos', '/volunteers', '/login/:referrer?', '/track/:token', '/*']));
  });

  it.each(pageRoutes(routes).map((page) => [page.path, page.handle] as const))(
    '%s declares a title key that exists in every language',
    (_path, routeHandle) => {
      const key = routeTitleKey([{ handle: routeHandle }]);
      expect(key).toBeDefined();
      for (const language of ['en-US', 'hi-IN', 'gu-IN']) {
        expect(titlesOf(language)[key as string], `${language} titles:${key}`).toMatch(/\S/);
      }
    },
  );

  it('Hindi and Gujarati titles are translated (other than the SOS acronym)', () => {
    const english = titlesOf('en-US');
    for (const language of ['hi-IN', 'gu-IN']) {
      for (const [key, text] of Object.entries(titlesOf(language))) {
        if (key !== 'sos') expect(text, `${language} ${key}`).not.toBe(english[key]);
      }
    }
  });
});

describe('useDocumentTitle', () => {
  beforeAll(async () => {
    await initI18n('en-US');
  });
  afterAll(async () => {
    await changeAppLanguage('en-US');
  });

  it('names the page in the tab title and follows navigation', async () => {
    const router = renderAt('/');
    await waitFor(() => expect(document.title).toBe('SOS · Saathi'));
    await act(() => router.navigate('/volunteers'));
    expect(document.title).toBe('Volunteers nearby · Saathi');
  });

  it('lets a screen put its own name (an article headline) and restores the route name after it', async () => {
    const router = renderAt('/news/1');
    expect(await screen.findByRole('heading', { name: 'Heatwave: know the signs' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Heatwave: know the signs · Saathi'));
    await act(() => router.navigate('/news/2'));
    expect(document.title).toBe('News article · Saathi');
    await act(() => router.navigate('/'));
    expect(document.title).toBe('SOS · Saathi');
  });

  it('shows the bare app name on a route without a title', async () => {
    document.title = 'Loading';
    renderAt('/untitled');
    await waitFor(() => expect(document.title).toBe('Saathi'));
  });

  it('follows a language change', async () => {
    renderAt('/volunteers');
    await waitFor(() => expect(document.title).toBe('Volunteers nearby · Saathi'));
    await act(async () => {
      await changeAppLanguage('hi-IN');
    });
    expect(document.title).toBe('आस-पास के स्वयंसेवक · साथी');
    await act(async () => {
      await changeAppLanguage('gu-IN');
    });
    expect(document.title).toBe('નજીકના સ્વયંસેવકો · સાથી');
    await act(async () => {
      await changeAppLanguage('en-US');
    });
    expect(document.title).toBe('Volunteers nearby · Saathi');
  });
});
