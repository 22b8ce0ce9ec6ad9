import { describe, expect, it } from 'vitest';
import { bearer, build } from '../../../test/build';
import { communityFixtures } from '../../../test/community-fixtures';

const t = build();
const f = communityFixtures(t);

// The shop is in Surat; 5 km delivery range.
const SHOP = { latitude: 21.1702, longitude: 72.8311 };
const catalogOf = (token: string, userId: number, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/community/business-catalog/${userId}`, headers: bearer(token), query });
const order = (token: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/community/orders', headers: bearer(token), payload });

describe('GET /api/community/business-catalog/{userId}', () => {
  it('serves the catalog within the delivery range of a known location', async () => {
    const shop = await f.business({ ...SHOP, whatsapp: '9825012345', items: ['Kaju katli', 'Ghari'] });
    const buyer = await f.adult();
    const near = await catalogOf(buyer.token, shop.id, { latitude: '21.18', longitude: '72.83' });
    expect(near.statusCode).toBe(200);
    expect(near.json()).toEqual({
      catalogItems: [
        { id: shop.itemIds[0], title: 'Kaju katli', imageUrl: '/media/catalog/0.jpg' },
        { id: shop.itemIds[1], title: 'Ghari', imageUrl: '/media/catalog/1.jpg' },
      ],
      whatsappNumber: '9825012345',
      doesDelivery: true,
      deliveryText: 'Free delivery',
      unavailable: null,
    });
    // Without a location, or out of range: an expected state (SPEC.md §6 hints), not an error,
    // and neither the items nor the WhatsApp number are given.
    const withheld = (unavailable: object) => ({ catalogItems: [], whatsappNumber: null, doesDelivery: true, deliveryText: 'Free delivery', unavailable });
    const unknown = await catalogOf(buyer.token, shop.id);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(withheld({ reason: 'location_required' }));
    const far = await catalogOf(buyer.token, shop.id, { latitude: '21.30', longitude: '72.83' });
    expect(far.statusCode).toBe(200);
    expect(far.json()).toEqual(withheld({ reason: 'outside_delivery_range', deliveryRangeM: 5000 }));
    // The owner sees their own catalog from anywhere.
    const own = await catalogOf(shop.token, shop.id);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ catalogItems: [{ title: 'Kaju katli' }, { title: 'Ghari' }], unavailable: null });
    expect((await catalogOf(buyer.token, buyer.id, { latitude: '21.18', longitude: '72.83' })).statusCode).toBe(404);
    expect((await catalogOf(buyer.token, shop.id, { latitude: 'north', longitude: '72.83' })).statusCode).toBe(400);
    const child = await f.adult({ dob: '2017-06-01' });
    expect((await catalogOf(child.token, shop.id, { latitude: '21.18', longitude: '72.83' })).statusCode).toBe(403);
  });
});

describe('orders', () => {
  it('saves a valid order and lists it for the business only', async () => {
    const shop = await f.business({ ...SHOP, whatsapp: '9825012345', items: ['Kaju katli', 'Ghari'] });
    const buyer = await f.adult({ name: 'Neha Joshi' });
    const placed = await order(buyer.token, {
      businessUserId: shop.id,
      order: [
        { slideId: shop.itemIds[0], text: ' 1 kg ', title: 'Kaju katli' },
        { slideId: shop.itemIds[1], text: '500 g', title: 'anything' },
      ],
    });
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({
      businessUserId: shop.id,
      customer: { id: buyer.id, name: 'Neha Joshi' },
      whatsappNumber: '9825012345',
      status: 'placed',
      items: [
        { slideId: shop.itemIds[0], text: '1 kg', title: 'Kaju katli' },
        { slideId: shop.itemIds[1], text: '500 g', title: 'Ghari' },
      ],
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/community/orders', headers: bearer(shop.token) });
    expect(list.json<{ id: number }[]>().map((o) => o.id)).toEqual([placed.json<{ id: number }>().id]);
    const buyerList = await t.app.inject({ method: 'GET', url: '/api/community/orders', headers: bearer(buyer.token) });
    expect(buyerList.json()).toEqual([]);
  });

  it('rejects empty carts, blank lines, foreign items and self orders', async () => {
    const shop = await f.business({ ...SHOP, items: ['Kaju katli'] });
    const otherShop = await f.business({ ...SHOP, items: ['Samosa'] });
    const buyer = await f.adult();
    expect((await order(buyer.token, { businessUserId: shop.id, order: [] })).statusCode).toBe(400);
    expect((await order(buyer.token, { businessUserId: shop.id, order: [{ slideId: shop.itemIds[0], text: '   ', title: '' }] })).statusCode).toBe(400);
    const foreign = await order(buyer.token, { businessUserId: shop.id, order: [{ slideId: otherShop.itemIds[0], text: '2', title: 'Samosa' }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ error: { field: string } }>().error.field).toBe('order.0.slideId');
    expect((await order(shop.token, { businessUserId: shop.id, order: [{ slideId: shop.itemIds[0], text: '1', title: '' }] })).statusCode).toBe(400);
    expect((await order(buyer.token, { businessUserId: buyer.id, order: [{ slideId: shop.itemIds[0], text: '1', title: '' }] })).statusCode).toBe(400);
    expect((await order(buyer.token, { businessUserId: 'shop', order: [] })).statusCode).toBe(400);
    const count = await t.db.selectFrom('orders').select(t.db.fn.countAll<number>().as('n')).where('business_user_id', '=', shop.id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});
