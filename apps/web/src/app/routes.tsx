import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RootShell } from './root-shell';
import { AppLayout } from './layout/app-layout';
import { RequireAuth } from './require-auth';
import { RouteErrorPage } from './route-error-page';
import { PageLoading } from '../components/page-loading';

/**
 * One lazy chunk per screen: `page(() => import(...), 'ExportName')` loads the module on first
 * visit, together with the MUI theme, and hands React Router its named component (a wrong name
 * fails the typecheck).
 */
function page<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K) {
  return async () => {
    const [module, { MuiScope }] = await Promise.all([load(), import('../theme/mui-scope')]);
    const Screen: ComponentType = module[name];
    return {
      Component: function ThemedScreen() {
        return (
          <MuiScope>
            <Screen />
          </MuiScope>
        );
      },
    };
  };
}

/** A screen built without MUI (the SOS dashboard): no theme chunk on its path. */
function plainPage<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

// All community screens share one chunk (cards, sheets): one loader keeps the shell's preload lists short.
const communityPages = () => import('../features/community/pages');
const notFound = page(() => import('../features/info/not-found-page'), 'NotFoundPage');

export const routes: RouteObject[] = [
  {
    Component: RootShell,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      { path: '/login/:referrer?', lazy: page(() => import('../features/auth/login-page'), 'LoginPage') },
      // Public live tracking for emergency contacts without the app: no login, no app chrome.
      { path: '/track/:token', lazy: page(() => import('../features/tracking/tracking-page'), 'TrackingPage') },
      {
        Component: AppLayout,
        children: [
          {
            Component: RequireAuth,
            children: [
              { index: true, lazy: plainPage(() => import('../features/sos/dashboard-page'), 'DashboardPage') },
              { path: 'sos', lazy: plainPage(() => import('../features/sos/dashboard-page'), 'DashboardPage') },
              { path: 'sos-mode', lazy: page(() => import('../features/sos/sos-mode/sos-mode-page'), 'SosModePage') },
              { path: 'notifications', lazy: page(() => import('../features/notifications/notifications-page'), 'NotificationsPage') },
              { path: 'profile', lazy: page(() => import('../features/profile/profile-stepper-page'), 'ProfileStepperPage') },
              { path: 'account', lazy: page(() => import('../features/account/account-page'), 'AccountPage') },
              { path: 'news', lazy: page(() => import('../features/news/news-page'), 'NewsPage') },
              { path: 'all-news', lazy: page(() => import('../features/news/news-page'), 'NewsPage') },
              { path: 'news/:id', lazy: page(() => import('../features/news/news-article-page'), 'NewsArticlePage') },
              { path: 'comunity-post', lazy: page(communityPages, 'CommunityPage') },
              { path: 'community', lazy: page(communityPages, 'CommunityPage') },
              { path: 'joined-community', lazy: page(communityPages, 'CommunityPage') },
              { path: 'community-post/:id', lazy: page(communityPages, 'PostPage') },
              { path: 'my-posts/:id', lazy: page(communityPages, 'UserPostsPage') },
              { path: 'profile/:id', lazy: page(communityPages, 'UserPostsPage') },
              { path: 'post-notifications', lazy: page(communityPages, 'PostNotificationsPage') },
              { path: 'community/create', lazy: page(() => import('../features/community/create/create-post-page'), 'CreatePostPage') },
              { path: 'community/catalog/:userId', lazy: page(() => import('../features/community/catalog/catalog-page'), 'CatalogPage') },
              { path: 'incident-reels', lazy: page(() => import('../features/reels/reels-page'), 'ReelsPage') },
              { path: 'create-reel', lazy: page(() => import('../features/reels/create-reel-page'), 'CreateReelPage') },
            ],
          },
          // Signed-in only, but the screen itself tells anonymous visitors why before /login (SPEC.md §8).
          { path: 'volunteers', lazy: page(() => import('../features/volunteers/volunteers-page'), 'VolunteersPage') },
          { path: 'volunteers-nearby', lazy: page(() => import('../features/volunteers/volunteers-page'), 'VolunteersPage') },
          // Public pages (SPEC.md §2: no sign-in flag).
          { path: 'tnc', lazy: page(() => import('../features/info/terms-page'), 'TermsPage') },
          { path: 'help', lazy: page(() => import('../features/info/help-page'), 'HelpPage') },
          // The shared post link: visitors see a login prompt, members the post (SPEC.md §2).
          { path: 'saathi-community-post/:postId', lazy: page(communityPages, 'PostPage') },
          { path: 'about-us', lazy: page(() => import('../features/info/about-page'), 'AboutPage') },
          // SPEC.md §2 demo feed: sample posts, local data only, no sign-in.
          { path: 'feed', lazy: page(() => import('../features/demo-feed/demo-feed-route'), 'DemoFeedRoute') },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];
