import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails when the page is wider than the viewport (sideways scrolling on a phone). */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scrollWidth, viewportWidth } = await page.evaluate(() => ({
    scrollWidth: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    viewportWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `page is ${scrollWidth}px wide in a ${viewportWidth}px viewport`).toBeLessThanOrEqual(viewportWidth);
}

export interface A11yViolation {
  rule: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
  /** What axe found on each node (e.g. the colours and ratio of a contrast failure) and its markup. */
  details: string[];
}

/** Runs axe (WCAG 2.x A/AA rules), on the page or only inside `include` (a CSS selector), and returns the serious and critical violations. */
export async function seriousA11yViolations(page: Page, include?: string): Promise<A11yViolation[]> {
  const analyze = async () => {
    await transitionsFinished(page);
    const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
    if (include) builder.include(include);
    return (await builder.analyze()).violations;
  };
  let violations = await analyze();
  // Something may start fading in while axe runs (the toast that says the app now opens offline
  // comes whenever the service worker is done): its half-faded colours fail contrast. Once it
  // has settled, a second look tells a real failure, which stays, from that one.
  if (violations.some((violation) => violation.id === 'color-contrast')) violations = await analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
      details: violation.nodes.slice(0, 5).map((node) => `${node.failureSummary ?? ''} in ${node.html.slice(0, 160)}`),
    }));
}

/**
 * Waits for the page's finite CSS transitions and animations (a dialog fading in, a toast
 * sliding up): axe measures contrast from the colours on screen, and half-faded text fails.
 * Endless ones (spinners) are not waited for.
 */
export async function transitionsFinished(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Runs axe (WCAG 2.x A/AA rules) and fails on any serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const serious = await seriousA11yViolations(page);
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

/**
 * How far the page is wider than the viewport, with the elements that stick out on the right
 * (outermost first), for a message that says what to fix. Null when it fits.
 */
export async function horizontalOverflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const scrollWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    const viewportWidth = document.documentElement.clientWidth;
    if (scrollWidth <= viewportWidth) return null;
    const name = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const cls = typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).slice(0, 2).join('.')}` : '';
      return `<${element.tagName.toLowerCase()}${id}${cls}>`;
    };
    const culprits: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= viewportWidth + 1) continue;
      // Fixed bars stretch to the widened page: a consequence, not a cause.
      if (getComputedStyle(element).position === 'fixed') continue;
      // Report the outermost offender only, not each of its children.
      const parentBox = element.parentElement?.getBoundingClientRect();
      if (parentBox && parentBox.right > viewportWidth + 1) continue;
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      culprits.push(`${name(element)} right=${Math.round(box.right)}${text ? ` "${text}"` : ''}`);
      if (culprits.length === 5) break;
    }
    return `page is ${scrollWidth}px wide in a ${viewportWidth}px viewport; sticking out: ${culprits.join(', ') || "no element's box: a ::before/::after pseudo-element?"}`;
  });
}

/**
 * Text that the user cannot read in full: for every visible text, whether it is cut by an
 * ancestor that hides overflow (an ellipsis, a clamp, a clipped box), sticks out of the
 * viewport, or spills out of its control (a button, link, tab, chip, nav item or label whose
 * content is wider than the control). Truncation is accepted outside buttons, tabs and the
 * navigation when the full text stays available as the element's title or accessible name.
 * Returns one line per problem: the element, its text and why.
 */
export async function clippedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const CONTROL =
      'button, a[href], [role="button"], [role="link"], [role="tab"], [role="menuitem"], [role="option"], [role="switch"], [role="checkbox"], [role="radio"], label, legend, .MuiChip-root, nav li';
    // Never cut, even with a title: the user has to read what they are about to press.
    const MUST_BE_READABLE = 'button, [role="button"], [role="tab"], [role="menuitem"], nav, .MuiChip-root';
    const viewportWidth = document.documentElement.clientWidth;
    const name = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const cls = typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).slice(0, 2).join('.')}` : '';
      return `<${element.tagName.toLowerCase()}${id}${cls}>`;
    };
    const clean = (text: string | null) => (text ?? '').trim().replace(/\s+/g, ' ');
    const straddles = (rect: DOMRect, left: number, right: number) =>
      (rect.left < left - 1 && rect.right > left + 1) || (rect.right > right + 1 && rect.left < right - 1);
    /** The full text is at hand as a title or accessible name somewhere from `from` up to `to`. */
    const fullTextAvailable = (from: Element, to: Element | null, text: string) => {
      for (let element: Element | null = from; element; element = element.parentElement) {
        const labels = [element.getAttribute('title'), element.getAttribute('aria-label')].map(clean);
        if (labels.some((label) => label.includes(text))) return true;
        if (element === to) break;
      }
      return false;
    };

    const problems = new Map<string, string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) => (clean(node.nodeValue) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT),
    });
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, title')) continue;
      if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
      if (rects.length === 0) continue;
      const text = clean(node.nodeValue);
      const control = parent.closest(CONTROL);
      const subject = control ?? parent;
      const key = `${name(subject)} "${clean(subject.textContent).slice(0, 60)}"`;
      if (problems.has(key)) continue;

      let reason: string | null = null;
      let clipper: Element | null = null;
      let visuallyHidden = false;
      let scrolled = false;
      for (let element: Element | null = parent; element && element !== document.documentElement; element = element.parentElement) {
        const style = getComputedStyle(element);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const box = element.getBoundingClientRect();
        // The "visually hidden" pattern (text for screen readers only in a 1 px box).
        if (box.width <= 1 || box.height <= 1) {
          visuallyHidden = true;
          break;
        }
        // Inside a scroller the text is reachable by scrolling (the news strip, the tabs).
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') {
          scrolled = true;
          break;
        }
        if (rects.some((rect) => straddles(rect, box.left, box.right))) {
          clipper = element;
          reason = style.textOverflow === 'ellipsis' ? 'cut with an ellipsis' : `cut by ${name(element)} (overflow ${style.overflowX})`;
          break;
        }
        // Clamped lines or a fixed height inside a control.
        const inControl = control !== null && control.contains(element);
        if (
          inControl &&
          (style.overflowY === 'hidden' || style.overflowY === 'clip') &&
          rects.some((rect) => rect.bottom > box.bottom + 1 && rect.top < box.bottom - 1)
        ) {
          clipper = element;
          reason = `cut vertically by ${name(element)}`;
          break;
        }
      }
      if (visuallyHidden) continue;
      if (!reason && !scrolled && rects.some((rect) => straddles(rect, 0, viewportWidth))) reason = 'sticks out of the viewport';
      // A word of a control's text split over two lines ("Communit / y") is not readable either.
      if (!reason && control) {
        for (const word of (node.nodeValue ?? '').matchAll(/[^\s\-–—/]+/g)) {
          const wordRange = document.createRange();
          wordRange.setStart(node, word.index);
          wordRange.setEnd(node, word.index + word[0].length);
          const lines = [...wordRange.getClientRects()].filter((rect) => rect.width > 0);
          if (lines.some((rect) => Math.abs(rect.top - (lines[0] as DOMRect).top) > rect.height / 2)) {
            reason = `the word "${word[0]}" is broken across lines`;
            break;
          }
        }
      }
      if (!reason && control) {
        const style = getComputedStyle(control);
        if (style.display !== 'inline' && style.display !== 'contents' && control.scrollWidth > control.clientWidth + 1 && control.clientWidth > 0) {
          reason = `spills out of its control (${control.scrollWidth}px of content in ${control.clientWidth}px)`;
        }
      }
      if (!reason) continue;
      const truncationAccepted =
        clipper !== null &&
        !parent.closest(MUST_BE_READABLE) &&
        fullTextAvailable(parent, control ?? clipper.parentElement, clean(clipper.textContent) || text);
      if (truncationAccepted) continue;
      problems.set(key, `${key}: ${reason}`);
    }
    return [...problems.values()];
  });
}
