import type { SosAcceptBody, SosEventVolunteerView } from '@saathi/shared';
import type { z } from 'zod';
import type { Clock } from '../../core/clock';
import { TooManyRequestsError } from '../../core/errors';
import { PRACTICE_TTL_MS, SOS_TOPICS } from './sos-delivery';
import { sosFanoutRepository } from './sos-fanout.repository';
import type { SosRepository } from './sos.repository';

/** Practice alerts one volunteer may send in PRACTICE_WINDOW_MS. */
const PRACTICE_PER_WINDOW = 5;
const PRACTICE_WINDOW_MS = 10 * 60_000;
/** Where a practice alert says the person is when the volunteer's phone gave no position and they have no place (New Delhi). */
const PRACTICE_FALLBACK = { latitude: 28.6139, longitude: 77.209 };

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/**
 * Practice alerts: a volunteer sends themself an SOS that takes the whole path (the outbox,
 * push with 'Go to SOS', accept, on-scene statuses), marked practice everywhere. It reaches
 * nobody else (the fan-out writes only the sender's row), earns nothing (no ratings: the
 * feedback calls refuse it), and never stands in for a real SOS (its own one-active index).
 */
export function createPracticeAlerts(deps: {
  sos: SosRepository;
  clock: Clock;
  kick: () => void;
  viewOf: (callerId: number, eventId: number) => Promise<unknown>;
}) {
  const { sos, clock, kick, viewOf } = deps;
  return {
    async send(callerId: number, at: z.output<typeof SosAcceptBody>): Promise<{ created: boolean; view: SosEventVolunteerView }> {
      const now = clock();
      let created = false;
      let eventId: number;
      try {
        eventId = await sos.transaction(async (trx) => {
          const running = await sos.findActivePracticeOf(callerId, trx);
          if (running) return running;
          const recent = await sos.eventTimesSince(trx, callerId, new Date(now.getTime() - PRACTICE_WINDOW_MS), true);
          if (recent.length >= PRACTICE_PER_WINDOW) {
            const seconds = Math.max(1, Math.ceil(((recent[0] as Date).getTime() + PRACTICE_WINDOW_MS - now.getTime()) / 1000));
            throw new TooManyRequestsError('Too many practice alerts. Please wait a few minutes.', seconds, 'rate_limited', { seconds });
          }
          const where = at ?? (await sos.placeOf(callerId, trx)) ?? PRACTICE_FALLBACK;
          const id = await sos.insertEvent(trx, {
            userId: callerId,
            threat: 'medical',
            contactsOnly: false,
            latitude: where.latitude,
            longitude: where.longitude,
            accuracy: null,
            // Nobody is searched for: the radius only fills the column.
            radiusM: 1,
            now,
            practice: true,
          });
          // No fan-out: the sender's own row and its delivery are written with the event.
          const [self] = await sosFanoutRepository.insertPracticeSelf(trx, id, callerId, now);
          await sos.enqueue(
            [
              { topic: SOS_TOPICS.deliver, payload: { eventId: id, notificationIds: self ? [self.id] : [] }, dedupeKey: `sos:${id}:deliver:0:0`, dueAt: now },
              {
                topic: SOS_TOPICS.practiceEnd,
                payload: { eventId: id },
                dedupeKey: `sos:${id}:practice_end`,
                dueAt: new Date(now.getTime() + PRACTICE_TTL_MS),
              },
            ],
            trx,
          );
          created = true;
          return id;
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const running = await sos.findActivePracticeOf(callerId);
        if (!running) throw error;
        eventId = running;
      }
      if (created) kick();
      return { created, view: (await viewOf(callerId, eventId)) as SosEventVolunteerView };
    },
  };
}
