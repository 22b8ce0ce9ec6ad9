/** SPEC.md §9: Read More is offered above 10 words; the collapsed text keeps 15 words. */
export const READ_MORE_MIN_WORDS = 10;
export const PREVIEW_WORDS = 15;

export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/u).length;
}

export function needsReadMore(text: string): boolean {
  return countWords(text) > READ_MORE_MIN_WORDS;
}

/** The first 15 words followed by an ellipsis when more follow; the text itself otherwise. */
export function previewText(text: string): string {
  const words = text.trim().split(/\s+/u);
  return words.length <= PREVIEW_WORDS ? text.trim() : `${words.slice(0, PREVIEW_WORDS).join(' ')}…`;
}
