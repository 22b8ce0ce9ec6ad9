import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CatalogResponse, CommunityPost, FeedResponse, LikesResponse, Order, PostComment } from './community';
import { Reel, ReelComment, ReelsResponse } from './incidents';
import { NotificationsPage } from './notifications';
import { PublicUser } from './public-user';
import { SosAcceptedUsersResponse, SosEventOwnerView, SosEventVolunteerView, TrackingView } from './sos';
import { VolunteersNearbyResponse } from './volunteers';

const contact = { email: 'asha@mail.example.in', phoneNumber: '9876543210', phone: '+91 98765 43210', mobile: '9876543210', whatsappNumber: '9876543210' };
const asha = { id: 7, name: 'Asha Verma', avatar: null };

describe('PublicUser', () => {
  it('keeps id, name and avatar and drops contact data the mapper passes along', () => {
    expect(PublicUser.parse({ ...asha, ...contact })).toEqual(asha);
  });

  it('is what every response object about another user is made of', () => {
    expect(PostComment.parse({ id: 1, content: 'Hi', createdAt: '2026-11-25 10:00:00', postId: 2, user: { ...asha, ...contact } }).user).toEqual(asha);
    expect(LikesResponse.parse({ likes: [{ id: 1, createdAt: '2026-11-25 10:00:00', user: { ...asha, ...contact } }], totalPages: 1 }).likes[0]?.user).toEqual(
      asha,
    );
    expect(ReelComment.parse({ id: 1, userId: 7, comment_text: 'Hi', createdAt: 'x', user: { ...asha, ...contact } }).user).toEqual(asha);
    const order = Order.parse({
      id: 1,
      businessUserId: 3,
      customer: { ...asha, ...contact },
      whatsappNumber: '9876501234',
      status: 'placed',
      createdAt: 'x',
      items: [],
    });
    expect(order.customer).toEqual(asha);
  });
});

/** Walks a schema's object keys as dotted paths (arrays as `[]`). */
function keyPaths(schema: z.core.$ZodType, prefix: string, out: string[] = [], seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const walk = (child: unknown, path: string) => keyPaths(child as z.core.$ZodType, path, out, seen);
  switch (def.type) {
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) {
        out.push(`${prefix}.${key}`);
        walk(child, `${prefix}.${key}`);
      }
      break;
    case 'array':
      walk(def.element, `${prefix}[]`);
      break;
    case 'nullable':
    case 'optional':
    case 'default':
    case 'readonly':
    case 'catch':
    case 'prefault':
      walk(def.innerType, prefix);
      break;
    case 'pipe':
      walk(def.in, prefix);
      walk(def.out, prefix);
      break;
    case 'lazy':
      walk((def.getter as () => unknown)(), prefix);
      break;
    case 'union':
      for (const option of def.options as unknown[]) walk(option, prefix);
      break;
    case 'record':
      walk(def.valueType, `${prefix}{}`);
      break;
    default:
      break;
  }
  return out;
}

describe('responses that show other users', () => {
  const responses: Record<string, z.core.$ZodType> = {
    FeedResponse,
    CommunityPost,
    PostComment,
    LikesResponse,
    ReelsResponse,
    Reel,
    ReelComment,
    CatalogResponse,
    Order,
    VolunteersNearbyResponse,
    NotificationsPage,
    SosAcceptedUsersResponse,
    SosEventOwnerView,
    SosEventVolunteerView,
    TrackingView,
  };
  /**
   * DESIGN.md §8's one exception: a business's WhatsApp number on its own business posts (and
   * their catalog and orders). And not another user's number: the SOS owner's own emergency
   * contacts, as the owner saved them, to call one whose SMS failed (null for volunteers,
   * checked by the SOS integration tests).
   */
  const allowed = new Set([
    'FeedResponse.data[].whatsappNumber',
    'CommunityPost.whatsappNumber',
    'CatalogResponse.whatsappNumber',
    'Order.whatsappNumber',
    // The same recipient schema stands in `accepted[]`; the walk reads each schema once.
    'SosEventOwnerView.alerted[].phoneNumber',
  ]);

  it('have no field for an email address or a phone number', () => {
    const contactKeys = Object.entries(responses)
      .flatMap(([name, schema]) => keyPaths(schema, name))
      .filter((path) => /email|phone|mobile|whatsapp/i.test(path.split('.').pop() ?? ''))
      .filter((path) => !allowed.has(path));
    expect(contactKeys).toEqual([]);
  });

  it('the walk finds the allowed WhatsApp fields (it reads the schemas it checks)', () => {
    const paths = Object.entries(responses).flatMap(([name, schema]) => keyPaths(schema, name));
    expect(paths).toEqual(expect.arrayContaining([...allowed, 'PostComment.user.avatar', 'Reel.uploader.name', 'Order.customer.id']));
  });
});
