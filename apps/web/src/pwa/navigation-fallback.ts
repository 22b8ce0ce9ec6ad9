/**
 * Page loads (navigations) the service worker leaves to the network instead of answering with
 * the app shell (index.html): whatever the server answers itself, outside the single-page app.
 * Workbox tests each pattern against the path and query string (`/news/feed.xml?language=hi`).
 *
 * The server's own HTML pages that carry link-preview tags (`/news/:slug`,
 * `/saathi-community-post/:postId`) are the app shell with those tags added for the crawlers of
 * link previews, which have no service worker: in a browser the shell shows the same screen,
 * also offline, so they are not listed here.
 */
export const NAVIGATE_FALLBACK_DENYLIST: RegExp[] = [
  // The API, with its OpenAPI pages (/api/docs).
  /^\/api(?:[/?]|$)/,
  // Uploaded and local media (photos, videos with range requests).
  /^\/media(?:[/?]|$)/,
  // Site-wide files a server or its host may answer (security.txt, Digital Asset Links).
  /^\/\.well-known(?:[/?]|$)/,
  // A path whose last segment has an extension names a file, never a screen of the app (no
  // route of the app has one, and the server sends index.html only to paths without one): the
  // RSS feed /news/feed.xml, robots.txt, a sitemap.
  /^[^?]*\/[^/?]*\.[^/?]+(?:\?.*)?$/,
];

/** Whether the service worker leaves the navigation to `pathAndSearch` to the network. */
export function leftToNetwork(pathAndSearch: string): boolean {
  return NAVIGATE_FALLBACK_DENYLIST.some((pattern) => pattern.test(pathAndSearch));
}
