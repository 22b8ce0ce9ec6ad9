import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { catalogBlockOf } from './catalog-queries';
import { addToCart, needsCloseConfirmation, removeFromCart, stepZoom, toOrderLines } from './cart';
import { buildOrderMessage, buildWhatsAppLinks, normaliseIndianNumber, openWhatsApp } from './whatsapp';

describe('cart rules', () => {
  it('adds trimmed non-empty text tied to the current slide', () => {
    expect(addToCart([], { id: 3, title: 'Thali' }, '   ')).toEqual({ ok: false, error: 'empty' });
    expect(addToCart([], undefined, '2 plates')).toEqual({ ok: false, error: 'no-slide' });
    const added = addToCart([], { id: 3, title: 'Thali' }, ' 2 plates ');
    if (!added.ok) throw new Error('expected ok');
    expect(toOrderLines(added.cart)).toEqual([{ slideId: 3, title: 'Thali', text: '2 plates' }]);
    expect(needsCloseConfirmation(added.cart)).toBe(true);
    expect(removeFromCart(added.cart, added.cart[0]?.key ?? -1)).toEqual([]);
    expect(needsCloseConfirmation([])).toBe(false);
  });

  it('zooms from 1 to 3 in steps of 0.2', () => {
    expect(stepZoom(1, 1)).toBe(1.2);
    expect(stepZoom(1, -1)).toBe(1);
    expect(stepZoom(2.8, 1)).toBe(3);
    expect(stepZoom(3, 1)).toBe(3);
    let zoom = 1;
    for (let i = 0; i < 5; i++) zoom = stepZoom(zoom, 1);
    expect(zoom).toBe(2);
  });
});

describe('WhatsApp hand-off', () => {
  it('accepts only numbers that leave 10 digits', () => {
    expect(normaliseIndianNumber('+91 98765 43210')).toBe('9876543210');
    expect(normaliseIndianNumber('919876543210')).toBe('9876543210');
    expect(normaliseIndianNumber('09876543210')).toBe('9876543210');
    expect(normaliseIndianNumber('98765')).toBeNull();
    expect(normaliseIndianNumber(null)).toBeNull();
  });

  it('builds the message and both links with country code 91', () => {
    const message = buildOrderMessage(
      [
        { title: 'Thali', text: '2 plates' },
        { title: '', text: 'extra roti' },
      ],
      { greeting: 'Hello, I would like to order:', untitled: 'Item' },
    );
    expect(message).toBe('Hello, I would like to order:\n1. Thali: 2 plates\n2. Item: extra roti');
    const links = buildWhatsAppLinks('9876543210', message);
    expect(links.app).toBe(`whatsapp://send?phone=919876543210&text=${encodeURIComponent(message)}`);
    expect(links.web).toBe(`https://wa.me/919876543210?text=${encodeURIComponent(message)}`);
  });

  it('falls back to the web link after 500 ms while the page stays visible', () => {
    vi.useFakeTimers();
    try {
      const open = vi.fn();
      const fake = {
        document: { visibilityState: 'visible' },
        open,
        setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
        clearTimeout: (id: number) => clearTimeout(id),
      } as unknown as Window;
      openWhatsApp({ app: 'whatsapp://send?phone=91', web: 'https://wa.me/91' }, fake);
      expect(open).toHaveBeenCalledWith('whatsapp://send?phone=91', '_self');
      vi.advanceTimersByTime(499);
      expect(open).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1);
      expect(open).toHaveBeenCalledWith('https://wa.me/91', '_blank', 'noopener');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('catalog access hints', () => {
  it("reads the server's 403 into SPEC.md's hints, anything else into an empty catalog", () => {
    expect(catalogBlockOf(new ApiError(403, 'forbidden', 'Enable location to view catalog'))).toEqual({ kind: 'enable-location' });
    expect(catalogBlockOf(new ApiError(403, 'forbidden', 'Catalog not available - Outside delivery range (3000m)'))).toEqual({ kind: 'out-of-range', metres: 3000 });
    expect(catalogBlockOf(new ApiError(404, 'not_found', 'No catalog items available'))).toEqual({ kind: 'empty' });
    expect(catalogBlockOf(new Error('boom'))).toEqual({ kind: 'empty' });
  });
});
