import type { ResponderProfession } from '@saathi/shared';
import type { TestApp } from '../../../test/build';
import { makeVolunteer, type VolunteerOptions } from '../../../test/sos-fixtures';

/** A volunteer carrying the verified badge of `profession` for a year from the test clock's now. */
export async function makeResponder(t: TestApp, profession: ResponderProfession, options: VolunteerOptions) {
  const user = await makeVolunteer(t, options);
  await t.db
    .updateTable('users')
    .set({ verified_profession: profession, verified_until: new Date(t.clock.now().getTime() + 365 * 86_400_000) })
    .where('id', '=', user.id)
    .execute();
  return user;
}

/** The volunteers an event alerted, in the order they were written, with their tier. */
export async function alertedOf(t: TestApp, eventId: number) {
  return t.db
    .selectFrom('sos_notifications')
    .select(['id', 'recipient_user_id as userId', 'tier', 'status', 'passed_at as passedAt', 'decline_reason as declineReason'])
    .where('event_id', '=', eventId)
    .where('recipient_kind', '=', 'volunteer')
    .orderBy('id')
    .execute();
}
