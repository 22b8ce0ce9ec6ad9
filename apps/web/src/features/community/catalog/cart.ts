import type { RequestOf } from '@saathi/shared';
import type { Contract } from '@saathi/shared/contract';

/** SPEC.md §4 "Catalog cart": items come from the text bar, each tied to the slide shown. */
export interface CartItem {
  /** Local key for list rendering and removal. */
  key: number;
  slideId: number;
  title: string;
  text: string;
}

export type AddResult = { ok: true; cart: CartItem[] } | { ok: false; error: 'empty' | 'no-slide' };

let nextKey = 1;

export function addToCart(cart: readonly CartItem[], slide: { id: number; title: string } | undefined, text: string): AddResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'empty' };
  if (!slide) return { ok: false, error: 'no-slide' };
  return { ok: true, cart: [...cart, { key: nextKey++, slideId: slide.id, title: slide.title, text: trimmed }] };
}

export function removeFromCart(cart: readonly CartItem[], key: number): CartItem[] {
  return cart.filter((item) => item.key !== key);
}

/** Closing with something in the cart asks first. */
export function needsCloseConfirmation(cart: readonly CartItem[]): boolean {
  return cart.length > 0;
}

/** The cart as the order lines of `POST /community/orders`. */
export function toOrderLines(cart: readonly CartItem[]): RequestOf<Contract['POST /community/orders']>['body']['order'] {
  return cart.map(({ slideId, text, title }) => ({ slideId, text, title }));
}

/** SPEC.md §9 catalog zoom: 1 to 3 in steps of 0.2 (rounded to avoid 1.2000000000000002). */
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 3;
export const ZOOM_STEP = 0.2;

export function stepZoom(zoom: number, direction: 1 | -1): number {
  const next = Math.round((zoom + direction * ZOOM_STEP) * 10) / 10;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, next));
}
