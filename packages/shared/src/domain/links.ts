export type LinkPart = { type: 'text'; text: string } | { type: 'link'; text: string; href: string };

/** SPEC.md §5: links in descriptions become clickable unless the post's priority is low or missing. */
export function linksClickable(priority: string | null | undefined): boolean {
  return priority === 'high' || priority === 'medium' || priority === 'regular';
}

const URL_PATTERN = /\b((?:https?:\/\/|www\.)[^\s<>"']+)/giu;
// Closing punctuation right after a link belongs to the sentence, not the address.
const TRAILING = /[.,;:!?)\]}'"]+$/u;

/** Splits text into plain and link parts; only http(s) and www. addresses become links. */
export function splitLinks(text: string, priority: string | null | undefined): LinkPart[] {
  if (!linksClickable(priority)) return text === '' ? [] : [{ type: 'text', text }];
  const parts: LinkPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0];
    const start = match.index;
    const link = raw.replace(TRAILING, '');
    if (start > last) parts.push({ type: 'text', text: text.slice(last, start) });
    parts.push({ type: 'link', text: link, href: link.toLowerCase().startsWith('www.') ? `https://${link}` : link });
    last = start + link.length;
  }
  if (last < text.length) parts.push({ type: 'text', text: text.slice(last) });
  return parts;
}
