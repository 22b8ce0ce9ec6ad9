import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { created, defineEndpoints, ok, type RequestOf, type ResponseOf } from './endpoint';

const Item = z.object({ id: z.number() });
const ItemQuery = z.object({ limit: z.coerce.number().optional() });
const ItemBody = z.object({ name: z.string() });

describe('ok and created', () => {
  it('declare the same endpoint as the entry written out in full', () => {
    const short = defineEndpoints('items', {
      'GET /items': ok(Item, { access: 'public', query: ItemQuery }).summary('Items'),
      'POST /items/:id/copies': created(Item, { body: ItemBody, errors: ['not_found'] }).summary('Copy an item'),
    });
    const full = defineEndpoints('items', {
      'GET /items': { summary: 'Items', access: 'public', query: ItemQuery, responses: { 200: Item } },
      'POST /items/:id/copies': { summary: 'Copy an item', body: ItemBody, responses: { 201: Item }, errors: ['not_found'] },
    });
    expect(Object.keys(short)).toEqual(['GET /items', 'POST /items/:id/copies']);
    for (const key of Object.keys(full) as Array<keyof typeof full>) {
      const { params: shortParams, ...shortRest } = short[key] as { params?: z.ZodType };
      const { params: fullParams, ...fullRest } = full[key] as { params?: z.ZodType };
      expect(shortRest).toEqual(fullRest);
      expect(shortParams && z.toJSONSchema(shortParams)).toEqual(fullParams && z.toJSONSchema(fullParams));
    }
    expect(short['POST /items/:id/copies'].errors).toEqual(['not_found']);
    expect(short['GET /items'].tag).toBe('items');
  });

  it('keep the types a client derives from the entry', () => {
    const part = defineEndpoints('items', {
      'POST /items/:id/copies': created(Item, { body: ItemBody, errors: ['not_found'] }).summary('Copy an item'),
    });
    type Copy = (typeof part)['POST /items/:id/copies'];
    expect(part['POST /items/:id/copies'].summary).toBe('Copy an item');
    expectTypeOf<RequestOf<Copy>>().toEqualTypeOf<{ params: { id: number } } & { body: { name: string } }>();
    expectTypeOf<ResponseOf<Copy>>().toEqualTypeOf<{ id: number }>();
    expectTypeOf<Copy['errors']>().toEqualTypeOf<readonly ['not_found']>();
  });
});
