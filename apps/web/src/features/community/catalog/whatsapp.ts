/** SPEC.md §5/§7/§9: order hand-off to WhatsApp, country code 91, app link then web link after 500 ms. */
export const WHATSAPP_COUNTRY_CODE = '91';
export const WHATSAPP_WEB_FALLBACK_MS = 500;

/**
 * The business's number as the bare 10 digits, or null. Accepts '+91 98765 43210',
 * '919876543210', '09876543210' and the like; anything that does not leave exactly 10
 * digits is refused.
 */
export function normaliseIndianNumber(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let digits = raw.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith(WHATSAPP_COUNTRY_CODE)) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return /^\d{10}$/.test(digits) ? digits : null;
}

export interface OrderMessageLine {
  title: string;
  text: string;
}

export interface OrderMessageLabels {
  greeting: string;
  /** Shown for a line whose catalog item has no title. */
  untitled: string;
}

/** The prefilled text: a greeting, then one numbered line per cart item ("1. Title: text"). */
export function buildOrderMessage(lines: readonly OrderMessageLine[], labels: OrderMessageLabels): string {
  const items = lines.map((line, index) => `${index + 1}. ${line.title.trim() || labels.untitled}: ${line.text.trim()}`);
  return [labels.greeting, ...items].join('\n');
}

export interface WhatsAppLinks {
  app: string;
  web: string;
}

export function buildWhatsAppLinks(tenDigits: string, message: string): WhatsAppLinks {
  const phone = `${WHATSAPP_COUNTRY_CODE}${tenDigits}`;
  const text = encodeURIComponent(message);
  return { app: `whatsapp://send?phone=${phone}&text=${text}`, web: `https://wa.me/${phone}?text=${text}` };
}

/**
 * Tries the app link in this tab; if the page is still visible after 500 ms (no app took
 * over), opens the web link in a new one. Both go through `window.open` so the hand-off can
 * be observed; `win` is injectable for tests.
 */
export function openWhatsApp(links: WhatsAppLinks, win: Window = window): () => void {
  win.open(links.app, '_self');
  const timer = win.setTimeout(() => {
    if (win.document.visibilityState !== 'hidden') win.open(links.web, '_blank', 'noopener');
  }, WHATSAPP_WEB_FALLBACK_MS);
  return () => win.clearTimeout(timer);
}
