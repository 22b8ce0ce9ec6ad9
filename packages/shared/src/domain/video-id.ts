const ID = /^[A-Za-z0-9_-]{11}$/;
// scheme? host path?query — parsed by hand: this package is shared by the browser and Node without DOM types.
const LINK = /^(?:https?:\/\/)?(?:www\.|m\.|music\.)?(youtu\.be|youtube\.com|youtube-nocookie\.com)(\/[^?#]*)?(\?[^#]*)?(#.*)?$/i;

/**
 * The 11-character id of a hosted video (SPEC.md §5): a bare id, or a watch (`?v=`),
 * short (`youtu.be/`, `/shorts/`) or embed (`/embed/`) link. Anything else is undefined.
 */
export function extractVideoId(input: string): string | undefined {
  const text = input.trim();
  if (ID.test(text)) return text;
  const match = LINK.exec(text);
  if (!match) return undefined;
  const host = (match[1] ?? '').toLowerCase();
  const parts = (match[2] ?? '').split('/').filter(Boolean);
  let candidate: string | undefined;
  if (host === 'youtu.be') candidate = parts[0];
  else if (parts[0] === 'watch') {
    const v = /[?&]v=([^&]*)/.exec(match[3] ?? '');
    candidate = v?.[1];
  } else if (parts[0] === 'shorts' || parts[0] === 'embed' || parts[0] === 'live' || parts[0] === 'v') candidate = parts[1];
  return candidate && ID.test(candidate) ? candidate : undefined;
}
