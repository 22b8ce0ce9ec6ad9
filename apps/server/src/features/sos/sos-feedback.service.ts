import { SOS_LIMITS, type SosAcceptedUsersResponse, type SosFeedbackBody } from '@saathi/shared';
import type { z } from 'zod';
import type { Clock } from '../../core/clock';
import { ConflictError, ForbiddenError, ValidationError } from '../../core/errors';
import type { SosFeedbackRepository } from './sos-feedback.repository';
import type { SosService } from './sos.service';

type FeedbackInput = z.output<typeof SosFeedbackBody>['feedBackData'];

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** SPEC.md's rating dialog: the owner of an event rates the volunteers who accepted it. */
export function createSosFeedbackService(deps: { feedback: SosFeedbackRepository; sos: SosService; clock: Clock }) {
  const { feedback, sos, clock } = deps;
  return {
    async acceptedUsers(callerId: number, userId: number, eventId: number): Promise<SosAcceptedUsersResponse> {
      if (userId !== callerId) throw new ForbiddenError('You can only see the volunteers of your own SOS events', 'sos_not_yours');
      const event = await sos.ownedEvent(callerId, eventId);
      // A practice alert earns nothing: nobody to rate.
      if (event.practice) return [{ id: event.id, threat: event.threat, createdAt: event.createdAt.toISOString(), status: event.status, notifications: [] }];
      const [volunteers, given] = await Promise.all([feedback.acceptedVolunteers(eventId), feedback.feedbackOf(eventId, callerId)]);
      return [
        {
          id: event.id,
          threat: event.threat,
          createdAt: event.createdAt.toISOString(),
          status: event.status,
          notifications: volunteers.map((v) => ({
            id: v.notificationId,
            eventId: v.eventId,
            feedbackAdded: v.feedbackAdded,
            recipient: {
              id: v.userId,
              referralId: v.referralId,
              receivedFeedbacks: given.filter((g) => g.receiverId === v.userId).map((g) => ({ rating: g.rating, feedbackText: g.feedbackText })),
            },
          })),
        },
      ];
    },

    async rate(callerId: number, input: FeedbackInput) {
      if (input.feedbackGiverId !== callerId) throw new ForbiddenError('You can only give feedback as yourself');
      const event = await sos.ownedEvent(callerId, input.eventId);
      if (event.practice) throw new ValidationError('A practice alert earns no ratings', 'feedBackData.eventId', 'not_accepted');
      const text = input.feedbackText && input.feedbackText.length > 0 ? input.feedbackText : SOS_LIMITS.defaultFeedbackText;
      const status = input.status && input.status.length > 0 ? input.status : SOS_LIMITS.defaultFeedbackStatus;
      const now = clock();
      try {
        const saved = await feedback.transaction(async (trx) => {
          const row = await feedback.acceptedRow(trx, input.eventId, input.feedbackReceiverId);
          if (!row || (row.status !== 'accepted' && !row.feedback_added)) {
            throw new ValidationError('This volunteer did not accept this SOS', 'feedBackData.feedbackReceiverId', 'not_accepted');
          }
          if (row.feedback_added || (await feedback.hasFeedback(trx, input.eventId, callerId, input.feedbackReceiverId))) {
            throw new ConflictError('You already rated this volunteer for this SOS', 'feedBackData.feedbackReceiverId', 'feedback_already_given');
          }
          return feedback.insert(trx, {
            eventId: input.eventId,
            giverId: callerId,
            receiverId: input.feedbackReceiverId,
            notificationId: row.id,
            rating: input.rating,
            text,
            status,
            now,
          });
        });
        return {
          ok: true as const,
          feedback: {
            id: saved.id,
            eventId: input.eventId,
            feedbackGiverId: callerId,
            feedbackReceiverId: input.feedbackReceiverId,
            rating: input.rating,
            feedbackText: text,
            status,
            createdAt: saved.createdAt.toISOString(),
          },
        };
      } catch (error) {
        // Two submits racing: the unique (giver, receiver, event) index keeps one.
        if (isUniqueViolation(error))
          throw new ConflictError('You already rated this volunteer for this SOS', 'feedBackData.feedbackReceiverId', 'feedback_already_given');
        throw error;
      }
    },
  };
}

export type SosFeedbackService = ReturnType<typeof createSosFeedbackService>;
