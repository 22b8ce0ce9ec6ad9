/** The link a reader shares: the server answers it with the article's preview tags (Open Graph). */
export function articleUrl(slug: string): string {
  return `${window.location.origin}/news/${encodeURIComponent(slug)}`;
}
