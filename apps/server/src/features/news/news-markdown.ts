import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * Markdown → the HTML readers get, rendered once when an article is saved. Two guards:
 * markdown-it runs with `html: false`, so raw HTML in the source is printed as text and
 * only Markdown makes tags, and its links must be http(s), mailto or tel; then sanitize-html
 * keeps only the tags and attributes below, so a renderer bug cannot let a script, an event
 * handler or a `javascript:` URL through either.
 */
const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'];
const SAFE_LINK = /^(?:https?:|mailto:|tel:)/i;

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });
// markdown-it's own check refuses javascript:, vbscript:, file: and most data: URLs; ours is
// stricter: absolute links of the four schemes only (relative links would point into the app).
markdown.validateLink = (url: string) => SAFE_LINK.test(url.trim());

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'em',
    's',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], img: ['src', 'alt', 'title'], ol: ['start'] },
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // The page's own title is the article's; a Markdown `#` heading becomes the next level.
    h1: 'h2',
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow' } }),
  },
};

export function renderNewsMarkdown(source: string): string {
  return sanitizeHtml(markdown.render(source), SANITIZE).trim();
}
