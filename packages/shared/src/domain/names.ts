/**
 * Names are names (issue #30). A person's name (the profile's, an emergency contact's) is
 * letters and marks of any script, spaces, `.`, `'` (or `’`) and `-`: no digits, no links, no
 * line breaks. A business name may also hold digits, `&`, `,` and `/` ("Shop No. 5", "Patel
 * Fruits & Vegetables"), but no links or line breaks. Both are trimmed; nothing inside is
 * collapsed. The zod schemas built on these rules are in schemas/names.ts.
 *
 * Rows stored before the rule keep working and are shown as they are: only a write that
 * changes a name is checked, and what reaches an SMS is `smsName`, never the stored text.
 */

/** Why a name breaks its rule, in the order they are checked. */
export type NameProblem = 'lineBreak' | 'link' | 'digit' | 'character';

/** Line breaks of any kind: CR, LF, vertical tab, form feed, NEL and the Unicode separators. */
const LINE_BREAK = /[\n\v\f\r\u0085\u2028\u2029]/u;

/**
 * Top-level domains a link in a name would end with: the generic ones people meet, the
 * country ones short links use (bit.ly, wa.me, t.co, goo.gl) and India's in both scripts.
 * A closed list, so initials written without spaces ("A.R.Rahman", "K.Iyer") stay names.
 */
const TLDS = [
  'com',
  'net',
  'org',
  'info',
  'biz',
  'xyz',
  'online',
  'site',
  'shop',
  'store',
  'app',
  'dev',
  'io',
  'ai',
  'co',
  'me',
  'tv',
  'ly',
  'gl',
  'to',
  'cc',
  'gg',
  'in',
  'us',
  'uk',
  'eu',
  'ru',
  'cn',
  'tk',
  'ml',
  'ga',
  'cf',
  'gq',
  'pw',
  'su',
  'ws',
  'top',
  'club',
  'live',
  'link',
  'click',
  'icu',
  'vip',
  'pro',
  'tech',
  'blog',
  'news',
  'page',
  'website',
  'space',
  'fun',
  'work',
  'world',
  'today',
  'life',
  'email',
  'cloud',
  'mobi',
  'asia',
  'gov',
  'edu',
  'bharat',
  'भारत',
  'ભારત',
];

/** A scheme (`http://`, `https://`, `ftp://`...) or any `://`. */
const SCHEME = /:\/\//u;
/** `www.` (or `www2.`) at the start of a word. */
const WWW = /(?:^|[^\p{L}\p{M}\p{N}])www\d?\./iu;
/** `word.tld`: a letter or digit, a dot, one of TLDS, and no letter right after it. */
const DOMAIN = new RegExp(`[\\p{L}\\p{M}\\p{N}]\\.(?:${TLDS.join('|')})(?![\\p{L}\\p{M}\\p{N}])`, 'iu');
/** A dotted IPv4 address. */
const IP_ADDRESS = /\d{1,3}(?:\.\d{1,3}){3}/u;

/** True when `text` holds anything that looks like a link: a scheme, `www.`, `word.tld` or an IP address. */
export function looksLikeLink(text: string): boolean {
  return SCHEME.test(text) || WWW.test(text) || DOMAIN.test(text) || IP_ADDRESS.test(text);
}

/** Joiners Indian scripts need inside words (ZWNJ, ZWJ: half forms, eyelash ra). */
const JOINER_SOURCE = '\\u200C|\\u200D';
/** Letters and marks of any script, joiners, space, `.`, `'`, `’` and `-`. */
const PERSON_CHARACTERS = new RegExp(`^(?:[\\p{L}\\p{M} .'’\\-]|${JOINER_SOURCE})*$`, 'u');
/** The same, with decimal digits of any script, `&`, `,` and `/`. */
const BUSINESS_CHARACTERS = new RegExp(`^(?:[\\p{L}\\p{M}\\p{Nd} .'’\\-&,/]|${JOINER_SOURCE})*$`, 'u');
const ANY_DIGIT = /\p{N}/u;
const ANY_LETTER = /\p{L}/u;
const ANY_LETTER_OR_DIGIT = /[\p{L}\p{Nd}]/u;

/** What is wrong with a (trimmed, non-empty) person's name, or null when it is a name. */
export function personNameProblem(name: string): NameProblem | null {
  if (LINE_BREAK.test(name)) return 'lineBreak';
  if (looksLikeLink(name)) return 'link';
  if (ANY_DIGIT.test(name)) return 'digit';
  if (!PERSON_CHARACTERS.test(name) || !ANY_LETTER.test(name)) return 'character';
  return null;
}

/** What is wrong with a (trimmed) business name, or null when it is fine. Empty clears it. */
export function businessNameProblem(name: string): NameProblem | null {
  if (name === '') return null;
  if (LINE_BREAK.test(name)) return 'lineBreak';
  if (looksLikeLink(name)) return 'link';
  if (!BUSINESS_CHARACTERS.test(name) || !ANY_LETTER_OR_DIGIT.test(name)) return 'character';
  return null;
}

/** The English texts of the problems (for logs and API readers; people see the web app's translation). */
export const PERSON_NAME_MESSAGES: Record<NameProblem, string> = {
  lineBreak: 'Name must be on one line',
  link: 'Name cannot contain a link',
  digit: 'Name cannot contain digits',
  character: "Name can hold only letters, spaces, . ' and -",
};

export const BUSINESS_NAME_MESSAGES: Record<NameProblem, string> = {
  lineBreak: 'Business name must be on one line',
  link: 'Business name cannot contain a link',
  digit: 'Business name cannot contain digits',
  character: "Business name can hold only letters, digits, spaces, . ' - & , and /",
};

/** The most of a name an SMS quotes (DESIGN.md §7: each variable of an SMS template ≤ 30 characters). */
export const SMS_NAME_MAX = 30;

/** The leading run of a word that may stand in a name: letters, marks, joiners, `.`, `'`, `’`, `-`. */
const NAME_RUN = new RegExp(`^(?:[\\p{L}\\p{M}.'’\\-]|${JOINER_SOURCE})+`, 'u');
/** Characters a cut must not leave at the end or start with: marks and joiners belong to the letter before. */
const CLINGING = new RegExp(`^(?:\\p{M}|${JOINER_SOURCE})$`, 'u');
const JOINER = new RegExp(`^(?:${JOINER_SOURCE})$`, 'u');
const TRAILING_JOINERS = new RegExp(`(?:${JOINER_SOURCE})+$`, 'u');
/** Indic viramas: a consonant cut right after one would show as a half form. */
const VIRAMA = /^[\u094D\u09CD\u0A4D\u0ACD\u0B4D\u0BCD\u0C4D\u0CCD\u0D4D]$/u;

const endsInHalf = (text: string) => {
  const last = [...text].pop() ?? '';
  return VIRAMA.test(last) || JOINER.test(last);
};

/** The first `max` code points of `text`, never splitting a letter from its marks (grapheme clusters). */
export function cutGraphemes(text: string, max: number): string {
  const points = [...text];
  if (points.length <= max) return text;
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    const kept: string[] = [];
    let count = 0;
    for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) {
      const size = [...segment].length;
      if (count + size > max) break;
      kept.push(segment);
      count += size;
    }
    // Before Unicode 15.1 a conjunct is several clusters: do not end on its first half ('क्').
    while (kept.length > 0 && endsInHalf(kept[kept.length - 1] ?? '')) kept.pop();
    return kept.join('');
  }
  // Without Intl.Segmenter: back off while the cut would leave a mark or joiner without its
  // letter, or end on a virama or joiner (half of a conjunct).
  let end = max;
  while (end > 0 && (CLINGING.test(points[end] ?? '') || VIRAMA.test(points[end - 1] ?? '') || JOINER.test(points[end - 1] ?? ''))) end -= 1;
  return points.slice(0, end).join('');
}

/**
 * The name an SMS (and an alert built with it) quotes for a person: their first name, cut to
 * 30 characters, or null when nothing in it is safe to quote (the caller then says "your
 * contact"). The first word is the first one split on spaces; of it, only the leading run of
 * name characters is kept ("Priya123" → "Priya"). A first word that looks like a link, before or
 * after that, gives null, so no part of a link from a row stored before the name rule reaches
 * a phone under Saathi's name ("www.x.in Priya" → null; "Priya http://x.io" → "Priya").
 */
export function smsName(name: string | null | undefined): string | null {
  const word = name?.trim().split(/\s+/u)[0] ?? '';
  if (word === '' || looksLikeLink(word)) return null;
  const run = NAME_RUN.exec(word)?.[0] ?? '';
  const cut = cutGraphemes(run, SMS_NAME_MAX).replace(TRAILING_JOINERS, '');
  if (!ANY_LETTER.test(cut) || looksLikeLink(cut)) return null;
  return cut;
}
