export function articleUrl(index: number): string {
  return `${window.location.origin}/news/${index}`;
}
