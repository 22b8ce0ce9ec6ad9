import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { RootShell } from './root-shell';
import { AppLayout } from './layout/app-layout';
import { RequireAuth } from './require-auth';
import { RouteErrorPage } from './route-error-page';
import { PageLoading } from '../components/page-loading';
import type { RouteHandle, TitleKey } from '../lib/page-title';

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
/** Every page names itself in the tab title ("SOS · Saathi"): document-title.tsx, in the root shell, reads it. */
const title = (titleKey: TitleKey): RouteHandle => ({ titleKey });

// Every screen but the SOS ones, login and a contact's tracking link loads through one more
// small chunk, which holds their loaders and preload lists, so the JavaScript of the first
// screen does not carry them (bench:bundle). The root shell fetches that chunk once the first
// screen is up, so moving to another tab costs no extra request.
const morePages = () => import('./more-pages');
/** A screen's module, loaded through that chunk: `more((pages) => pages.newsPage())`. */
function more<M>(load: (pages: typeof import('./more-pages')) => Promise<M>): () => Promise<M> {
  return () => morePages().then(load);
}
// All community screens share one chunk (cards, sheets), and so do the management screens.
const communityPages = more((pages) => pages.communityPages());
const managePages = more((pages) => pages.managePages());
const notFound = page(() => import('../components/not-found-page'), 'NotFoundPage');
// Screens that more than one path opens: one loader each.
const dashboardPage = plainPage(() => import('../features/sos/dashboard-page'), 'DashboardPage');
const newsPage = page(
  more((pages) => pages.newsPage()),
  'NewsPage',
);
const volunteersPage = page(
  more((pages) => pages.volunteersPage()),
  'VolunteersPage',
);

export const routes: RouteObject[] = [
  {
    Component: RootShell,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      { path: '/login/:referrer?', handle: title('login'), lazy: page(() => import('../features/auth/login-page'), 'LoginPage') },
      // Public live tracking for emergency contacts without the app: no login, no app chrome.
      { path: '/track/:token', handle: title('tracking'), lazy: page(() => import('../features/tracking/tracking-page'), 'TrackingPage') },
      // The short form an SMS carries (`host/t/<token>`); the server redirects it too, this is for a service worker that answers first.
      { path: '/t/:token', handle: title('tracking'), loader: ({ params }) => redirect(`/track/${params.token ?? ''}`) },
      {
        Component: AppLayout,
        children: [
          {
            Component: RequireAuth,
            children: [
              { index: true, handle: title('sos'), lazy: dashboardPage },
              { path: 'sos', handle: title('sos'), lazy: dashboardPage },
              { path: 'sos-mode', handle: title('sosMode'), lazy: page(() => import('../features/sos/sos-mode/sos-mode-page'), 'SosModePage') },
              {
                path: 'notifications',
                handle: title('notifications'),
                lazy: page(
                  more((pages) => pages.notificationsPage()),
                  'NotificationsPage',
                ),
              },
              {
                path: 'profile',
                handle: title('profileSetup'),
                lazy: page(
                  more((pages) => pages.profileStepperPage()),
                  'ProfileStepperPage',
                ),
              },
              {
                path: 'account',
                handle: title('account'),
                lazy: page(
                  more((pages) => pages.accountPage()),
                  'AccountPage',
                ),
              },
              // The newsroom's desk: its list, and with an id (or `new`) the editor. One route keeps the
              // first screen's route table small; the screens check the role themselves.
              {
                path: 'news/manage/:articleId?',
                handle: title('newsDesk'),
                lazy: page(
                  more((pages) => pages.newsDeskRoute()),
                  'NewsDeskRoute',
                ),
              },
              { path: 'joined-community', handle: title('community'), lazy: page(communityPages, 'CommunityPage') },
              { path: 'community-post/:id', handle: title('communityPost'), lazy: page(communityPages, 'PostPage') },
              { path: 'my-posts/:id', handle: title('memberPosts'), lazy: page(communityPages, 'UserPostsPage') },
              { path: 'post-notifications', handle: title('postNotifications'), lazy: page(communityPages, 'PostNotificationsPage') },
              {
                path: 'community/create',
                handle: title('createPost'),
                lazy: page(
                  more((pages) => pages.createPostPage()),
                  'CreatePostPage',
                ),
              },
              {
                path: 'community/catalog/:userId',
                handle: title('catalog'),
                lazy: page(
                  more((pages) => pages.catalogPage()),
                  'CatalogPage',
                ),
              },
              {
                path: 'incident-reels',
                handle: title('reels'),
                lazy: page(
                  more((pages) => pages.reelsPage()),
                  'ReelsPage',
                ),
              },
              {
                path: 'create-reel',
                handle: title('createReel'),
                lazy: page(
                  more((pages) => pages.createReelPage()),
                  'CreateReelPage',
                ),
              },
              // The astrology assistant: the screen itself sends everyone to / while the feature is off.
              {
                path: 'astro-ai',
                handle: title('astro'),
                lazy: page(
                  more((pages) => pages.astroPage()),
                  'AstroPage',
                ),
              },
              {
                path: 'leaderboard',
                handle: title('leaderboard'),
                lazy: page(
                  more((pages) => pages.leaderboardPage()),
                  'LeaderboardPage',
                ),
              },
              // SPEC.md §2 spells the route this way.
              {
                path: 'cartificate',
                handle: title('certificate'),
                lazy: page(
                  more((pages) => pages.certificatePage()),
                  'CertificatePage',
                ),
              },
              // Management screens (entities/manage-screens/screens.ts lists them); each checks the role itself.
              { path: 'manage', handle: title('manage'), lazy: page(managePages, 'ManagePage') },
              { path: 'manage/users', handle: title('manageUsers'), lazy: page(managePages, 'ManageUsersPage') },
              { path: 'manage/audit', handle: title('manageAudit'), lazy: page(managePages, 'ManageAuditPage') },
              { path: 'manage/status', handle: title('manageStatus'), lazy: page(managePages, 'ManageStatusPage') },
              {
                path: 'manage/responders',
                handle: title('manageResponders'),
                lazy: page(
                  more((pages) => pages.respondersReviewPage()),
                  'RespondersReviewPage',
                ),
              },
              {
                path: 'manage/feedback',
                handle: title('feedbackInbox'),
                lazy: page(
                  more((pages) => pages.feedbackInboxPage()),
                  'FeedbackInboxPage',
                ),
              },
              {
                path: 'feedback',
                handle: title('feedback'),
                lazy: page(
                  more((pages) => pages.feedbackPage()),
                  'FeedbackPage',
                ),
              },
              {
                path: 'safety-timer',
                handle: title('safetyTimer'),
                lazy: page(
                  more((pages) => pages.safetyTimerPage()),
                  'SafetyTimerPage',
                ),
              },
              // "Walk me home": a journey to a destination that the chosen contacts follow.
              { path: 'journey', handle: title('journey'), lazy: page(() => import('../features/journeys/journey-page'), 'JourneyPage') },
              // Local alerts: what is happening nearby (map and list), at /alerts/new the report form, and at
              // /alerts/<id> (where notifications lead) the list with that alert first.
              // One route keeps the first screen's route table small; the report form names itself.
              {
                path: 'alerts/:alertId?',
                handle: title('alerts'),
                lazy: page(
                  more((pages) => pages.alertsRoute()),
                  'AlertsRoute',
                ),
              },
              // SPEC.md §2 names the reels desk 'shorts-crud'; the screen checks the role itself.
              {
                path: 'shorts-crud',
                handle: title('reelsDesk'),
                lazy: page(
                  more((pages) => pages.reelsDeskPage()),
                  'ReelsDeskPage',
                ),
              },
              // Needs sign-in although SPEC.md shows no flag (docs/adr/0013-moderation-desk-needs-sign-in.md).
              {
                path: 'community-feeds/manage',
                handle: title('moderationDesk'),
                lazy: page(
                  more((pages) => pages.moderationPages()),
                  'ModerationDeskPage',
                ),
              },
              {
                path: 'community-feeds/decisions',
                handle: title('moderationDecisions'),
                lazy: page(
                  more((pages) => pages.moderationPages()),
                  'MyDecisionsPage',
                ),
              },
            ],
          },
          // Signed-in only, but the screen itself tells anonymous visitors why before /login (SPEC.md §8).
          { path: 'volunteers', handle: title('volunteers'), lazy: volunteersPage },
          { path: 'volunteers-nearby', handle: title('volunteers'), lazy: volunteersPage },
          // Public pages (SPEC.md §2: no sign-in flag).
          {
            path: 'tnc',
            handle: title('terms'),
            lazy: page(
              more((pages) => pages.termsPage()),
              'TermsPage',
            ),
          },
          {
            path: 'help',
            handle: title('help'),
            lazy: page(
              more((pages) => pages.helpPage()),
              'HelpPage',
            ),
          },
          // Readable without sign-in (SPEC.md §2): the shared post link, the community list (/comunity-post;
          // /community is the same screen and the nav's entry) and a member's posts. Visitors read; liking,
          // commenting, ordering and posting ask them to sign in and bring them back.
          { path: 'saathi-community-post/:postId', handle: title('communityPost'), lazy: page(communityPages, 'PostPage') },
          { path: 'comunity-post', handle: title('community'), lazy: page(communityPages, 'CommunityPage') },
          { path: 'community', handle: title('community'), lazy: page(communityPages, 'CommunityPage') },
          { path: 'profile/:id', handle: title('memberPosts'), lazy: page(communityPages, 'UserPostsPage') },
          // News is readable without sign-in: a shared /news/<slug> link must open for anyone it was
          // sent to (docs/adr/0012-news-links-by-slug.md). Guests keep their news preferences on the device.
          { path: 'news', handle: title('news'), lazy: newsPage },
          { path: 'all-news', handle: title('news'), lazy: newsPage },
          {
            path: 'news/:id',
            handle: title('newsArticle'),
            lazy: page(
              more((pages) => pages.newsArticlePage()),
              'NewsArticlePage',
            ),
          },
          {
            path: 'about-us',
            handle: title('about'),
            lazy: page(
              more((pages) => pages.aboutPage()),
              'AboutPage',
            ),
          },
          // SPEC.md §2 names /home and home: one page, what Saathi is for visitors and shortcuts for the signed-in.
          {
            path: 'home',
            handle: title('home'),
            lazy: page(
              more((pages) => pages.homePage()),
              'HomePage',
            ),
          },
          // "Is my phone ready?": the device checks need no account; the test push and profile gaps ask to sign in.
          {
            path: 'test',
            handle: title('readiness'),
            lazy: page(
              more((pages) => pages.readinessPage()),
              'ReadinessPage',
            ),
          },
          // The page a certificate's QR code opens: anyone may check it.
          {
            path: 'certificates/:code',
            handle: title('certificateCheck'),
            lazy: page(
              more((pages) => pages.certificateCheckPage()),
              'CertificateCheckPage',
            ),
          },
          // SPEC.md §2 demo feed: sample posts, local data only, no sign-in.
          {
            path: 'feed',
            handle: title('demoFeed'),
            lazy: page(
              more((pages) => pages.demoFeedPage()),
              'DemoFeedRoute',
            ),
          },
          { path: '*', handle: title('notFound'), lazy: notFound },
        ],
      },
    ],
  },
];
