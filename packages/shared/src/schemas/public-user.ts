import { z } from 'zod';

/**
 * Another user as a reader sees them: authors of posts, commenters, likers, reels' uploaders,
 * customers of an order (DESIGN.md §8, docs/adr/0008-public-user-objects-without-contact-data.md).
 * Id, name and avatar only: never an email address or a phone number. `z.object` drops keys
 * it does not list, so the response serializer strips anything more a mapper passes along.
 * Schemas that need a non-contact field SPEC.md asks for extend this one.
 */
export const PublicUser = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
});
export type PublicUser = z.infer<typeof PublicUser>;
