/// <reference types="node" />
/**
 * The early SOS draws with the React shell's and dashboard's own stylesheets (app/global.css,
 * app/layout/layout.css, features/sos/dashboard.css), taken at build time and scoped to
 * `#early-sos`, so it looks exactly like the dashboard it hands over to without a second copy
 * of the rules. Only the rules for what the early screen draws are kept: the page must stay
 * within 14 KB.
 */
import postcss, { type AtRule, type ChildNode, type Root, type Rule } from 'postcss';

/** The early screen's own element: `#early-sos`, which carries the shell's class. */
const SCOPE = '#early-sos';
const SCOPE_CLASS = 'shell';

/** The class names a script writes into its markup (`class="a b"`, and `className = 'a'`). */
export function classesIn(source: string): Set<string> {
  const classes = new Set<string>();
  for (const match of source.matchAll(/class(?:Name)?\s*=\s*["']([^"'$]*)["']/g)) {
    for (const name of (match[1] ?? '').split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/**
 * One selector moved under the scope, or null when it styles nothing the early screen draws.
 * The page's baseline (`html`, `body`, `*`, `:focus-visible`) applies to the scope element
 * and what is inside it.
 */
export function scopeSelector(selector: string, drawn: ReadonlySet<string>): string | null {
  const trimmed = selector.trim();
  if (trimmed === 'html' || trimmed === 'body') return SCOPE;
  const classes = [...trimmed.matchAll(/\.([\w-]+)/g)].map((match) => match[1] as string);
  if (classes.length === 0) return /^[*:]/.test(trimmed) ? `${SCOPE} ${trimmed}` : null;
  if (!classes.every((name) => drawn.has(name) || name === SCOPE_CLASS)) return null;
  // `.shell` is the scope element itself; everything else is inside it.
  return trimmed.startsWith(`.${SCOPE_CLASS}`) && !/^\.shell[\w-]/.test(trimmed) ? `${SCOPE}${trimmed}` : `${SCOPE} ${trimmed}`;
}

/** Animation names the kept rules use. */
function animationsUsed(root: Root): Set<string> {
  const names = new Set<string>();
  root.walkDecls(/^animation(-name)?$/, (decl) => {
    for (const word of decl.value.split(/[\s,]+/)) names.add(word);
  });
  return names;
}

/** The stylesheet with only the rules for the `drawn` classes, each under `#early-sos`. */
export function scopeStylesheet(css: string, drawn: ReadonlySet<string>): string {
  const root = postcss.parse(css);
  root.walkComments((comment) => {
    comment.remove();
  });
  root.walkRules((rule: Rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as AtRule).name)) return;
    const selectors = rule.selectors.map((selector) => scopeSelector(selector, drawn)).filter((selector) => selector !== null);
    if (selectors.length === 0) rule.remove();
    else rule.selectors = [...new Set(selectors)];
  });
  const animations = animationsUsed(root);
  root.walkAtRules((atRule) => {
    if (/keyframes$/.test(atRule.name) && !animations.has(atRule.params)) atRule.remove();
  });
  // A media query left without rules goes too.
  root.walkAtRules('media', (media) => {
    if (!media.nodes?.some((node: ChildNode) => node.type === 'rule' || node.type === 'atrule')) media.remove();
  });
  return root.toString();
}
