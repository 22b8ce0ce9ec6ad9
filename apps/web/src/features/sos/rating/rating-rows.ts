import { SOS_LIMITS, type SosAcceptedUsersResponse, type Threat } from '@saathi/shared';

/** SPEC.md §3 "Volunteer feedback row". */
export interface VolunteerFeedbackRow {
  /** The recipient (volunteer) id. */
  id: number;
  /** The recipient's referralId (volunteers are never named by phone or full name here). */
  name: string;
  /** 0 to 5: from the first received feedback when there is one. */
  rating: number;
  feedback: string;
  eventId: number;
  /** null means no threat was chosen ('Emergency Alert'). */
  threat: Threat | null;
  createdAt: string;
  feedbackAdded: boolean;
}

/** Swipe distance that closes the sheet (SPEC.md §9). */
export const SWIPE_CLOSE_PX = 100;
export const STAR_COUNT = 5;

export function toFeedbackRows(events: SosAcceptedUsersResponse): VolunteerFeedbackRow[] {
  return events.flatMap((event) =>
    event.notifications.map((notification) => {
      const first = notification.recipient.receivedFeedbacks[0];
      return {
        id: notification.recipient.id,
        name: notification.recipient.referralId,
        rating: first ? Math.max(0, Math.min(STAR_COUNT, first.rating)) : 0,
        feedback: first?.feedbackText ?? '',
        eventId: notification.eventId,
        threat: event.threat,
        createdAt: event.createdAt,
        feedbackAdded: notification.feedbackAdded,
      };
    }),
  );
}

/** SPEC.md §5: submit only with a rating above 0, never while a submit is in flight or after rating. */
export function canSubmit(row: Pick<VolunteerFeedbackRow, 'rating' | 'feedbackAdded'>, loading: boolean): boolean {
  return row.rating > 0 && !loading && !row.feedbackAdded;
}

/** SPEC.md §4/§5: empty text is sent as 'Good', the status as 'Resolved'. */
export function feedbackPayload(giverId: number, row: Pick<VolunteerFeedbackRow, 'id' | 'rating' | 'feedback' | 'eventId'>) {
  return {
    feedBackData: {
      feedbackGiverId: giverId,
      feedbackReceiverId: row.id,
      rating: row.rating,
      eventId: row.eventId,
      feedbackText: row.feedback.trim() === '' ? SOS_LIMITS.defaultFeedbackText : row.feedback.trim(),
      status: SOS_LIMITS.defaultFeedbackStatus,
    },
  };
}

export function shouldCloseOnSwipe(startY: number, currentY: number): boolean {
  return currentY - startY >= SWIPE_CLOSE_PX;
}
