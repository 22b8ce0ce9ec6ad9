import type { DeclineReason, HandedTo, Language, ResponderProfession, SceneStatus, SmsStatus, Threat } from '@saathi/shared';
import type { SosStatus } from '../../core/db/tables/sos';

export interface Position {
  latitude: number;
  longitude: number;
  accuracy: number | null;
  at: Date;
}

/** An SOS event as the services use it. */
export interface SosEventRecord {
  id: number;
  userId: number;
  victimName: string | null;
  victimPhone: string;
  /** The victim's app language: theirs, and that of every contact who is not a user. */
  victimLanguage: Language;
  threat: Threat | null;
  contactsOnly: boolean;
  /** A practice alert a volunteer sent themself: only they are alerted, nothing is earned. */
  practice: boolean;
  status: SosStatus;
  origin: Position;
  last: Position | null;
  radiusM: number;
  radiusStep: number;
  createdAt: Date;
  updatedAt: Date;
  endedAt: Date | null;
}

export interface RecipientRecord {
  notificationId: number;
  eventId: number;
  kind: 'volunteer' | 'contact';
  /** A contact who is also an available volunteer within the radius: one recipient, both roles. */
  alsoVolunteer: boolean;
  userId: number | null;
  name: string | null;
  phone: string | null;
  /** A user recipient's app language (null: a contact who is not a user). */
  language: Language | null;
  status: 'notified' | 'accepted' | 'declined';
  deliveryStatus: 'pending' | 'sent' | 'failed';
  /** Exact metres from the victim: only set while the volunteer or contact has accepted (see the mapper for who sees it). */
  distanceM: number | null;
  /** Volunteers: metres from the victim to their privacy cell's centre when alerted; shown only as a band. */
  cellDistanceM: number | null;
  radiusM: number | null;
  feedbackAdded: boolean;
  respondedAt: Date | null;
  /** The ladder: alerted first as a fitting verified responder, or with the other volunteers. */
  tier: 'responder' | 'volunteer' | null;
  /** Declined or left unanswered in time: the alert moved on to the next responder. */
  passedAt: Date | null;
  declineReason: DeclineReason | null;
  /** The badge, while the verification is within its year (decided on the repository's clock). */
  verifiedProfession: ResponderProfession | null;
  sceneStatus: SceneStatus | null;
  handedTo: HandedTo | null;
  /** Contacts: the SMS that carried the alert, as its gateway last reported it. */
  sms: { status: SmsStatus; updatedAt: Date } | null;
}
