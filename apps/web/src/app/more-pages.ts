/** The modules of the screens that routes.tsx reaches through this chunk (see morePages there). */
export const leaderboardPage = () => import('../features/leaderboard/leaderboard-page');
export const certificatePage = () => import('../features/certificates/certificate-page');
export const certificateCheckPage = () => import('../features/certificates/certificate-check-page');
export const termsPage = () => import('../features/info/terms-page');
export const helpPage = () => import('../features/info/help-page');
export const aboutPage = () => import('../features/info/about-page');
export const demoFeedPage = () => import('../features/demo-feed/demo-feed-route');
export const createPostPage = () => import('../features/community/create/create-post-page');
export const catalogPage = () => import('../features/community/catalog/catalog-page');
export const createReelPage = () => import('../features/reels/create-reel-page');
export const newsArticlePage = () => import('../features/news/news-article-page');
export const newsDeskRoute = () => import('../features/news-desk/news-desk-route');
export const managePages = () => import('../features/manage/pages');
export const reelsDeskPage = () => import('../features/reels-desk/reels-desk-page');
export const notificationsPage = () => import('../features/notifications/notifications-page');
export const accountPage = () => import('../features/account/account-page');
export const reelsPage = () => import('../features/reels/reels-page');
