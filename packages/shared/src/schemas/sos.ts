import { z } from 'zod';
import { THREATS } from '../constants';
import { Id, Latitude, Longitude } from './common';
import { DeclineReason, HandedTo, ResponderProfession, SceneResponder, SceneStatus } from './responders';
import { TrackedJourney } from './tracked-journey';

/** SOS event limits shared by the server and the web app. */
export const SOS_LIMITS = {
  /** At most this many events per user per window (DESIGN.md §5, issue 3). */
  eventsPerWindow: 3,
  windowMinutes: 10,
  /** One evidence chunk (a few seconds of MediaRecorder output). */
  evidenceChunkMaxBytes: 8 * 1024 * 1024,
  evidenceChunksMax: 2000,
  /** Recorder starts (recordings) per event and kind: a reload or reopened screen starts one. */
  evidenceRecordingsMax: 1000,
  feedbackTextMax: 1000,
  /** Shown when an event has no threat (SPEC.md §3). */
  defaultThreatText: 'Emergency Alert',
  defaultFeedbackText: 'Good',
  defaultFeedbackStatus: 'Resolved',
} as const;

export const SosThreat = z.enum(THREATS);
export const SosStatus = z.enum(['active', 'resolved', 'cancelled']);
export type SosStatus = z.infer<typeof SosStatus>;

const Accuracy = z.number().min(0).max(100_000);

export const CreateSosBody = z.strictObject({
  latitude: Latitude,
  longitude: Longitude,
  accuracy: Accuracy.optional(),
  /** Missing or null is shown as 'Emergency Alert'. */
  threat: SosThreat.nullable().optional(),
  contactsOnly: z.boolean().default(false),
});
export type CreateSosBody = z.input<typeof CreateSosBody>;

export const SosLocationBody = z.strictObject({
  latitude: Latitude,
  longitude: Longitude,
  accuracy: Accuracy.optional(),
  heading: z.number().min(0).lt(360).optional(),
  speed: z.number().min(0).max(1000).optional(),
});
export type SosLocationBody = z.input<typeof SosLocationBody>;

/** A volunteer may send where they are when accepting, so the victim sees how far they are. */
export const SosAcceptBody = z.strictObject({ latitude: Latitude, longitude: Longitude }).nullish();

export const LivePosition = z.object({
  latitude: z.number(),
  longitude: z.number(),
  accuracy: z.number().nullable(),
  /** ISO 8601. */
  at: z.string(),
});
export type LivePosition = z.infer<typeof LivePosition>;

export const SosRecipientStatus = z.enum(['notified', 'accepted', 'declined']);

/**
 * How far an alerted volunteer is, before they chose to come (DESIGN.md §8): a band in metres,
 * measured from the centre of the volunteer's ~250 m privacy cell (the grid of volunteers-nearby),
 * never from their exact point, so raising SOS alerts from several places cannot trilaterate a
 * volunteer to better than the cell. The bands are the default widening steps (SOS_RADII_M).
 */
export const SOS_DISTANCE_BANDS = ['0-500', '500-1000', '1000-2000', '2000-5000'] as const;
export const SosDistanceBand = z.enum(SOS_DISTANCE_BANDS);
export type SosDistanceBand = z.infer<typeof SosDistanceBand>;

/**
 * The band holding `metres` (a cell-centre distance). Upper bounds are inclusive, like the
 * radius test of the fan-out (ST_DWithin), so a volunteer reached by the 500 m step reads
 * '0-500'. Beyond 5000 m (only with SOS_RADII_M configured past its default) the last band is
 * kept: '2000-5000' then means "2 km or more", never a finer, exact-looking figure.
 */
export function sosDistanceBand(metres: number): SosDistanceBand {
  if (metres <= 500) return '0-500';
  if (metres <= 1000) return '500-1000';
  if (metres <= 2000) return '1000-2000';
  return '2000-5000';
}

/**
 * Where an SMS is, as the gateway reports it: `queued` (waiting for us or the gateway),
 * `sent` (handed to the carrier), `delivered` (the phone has it), `failed` (never left: every
 * gateway refused it) or `undelivered` (the carrier could not reach the phone).
 */
export const SmsStatus = z.enum(['queued', 'sent', 'delivered', 'failed', 'undelivered']);
export type SmsStatus = z.infer<typeof SmsStatus>;

/** The SMS that carried an alert to a contact, as its sender sees it. */
export const SmsDelivery = z.object({
  status: SmsStatus,
  /** When the status last changed (a delivery receipt's time, or ours). */
  updatedAt: z.string(),
});
export type SmsDelivery = z.infer<typeof SmsDelivery>;

/** Someone the event reached, as its owner sees them (never a volunteer's phone number). */
export const SosRecipient = z.object({
  notificationId: z.number().int(),
  kind: z.enum(['volunteer', 'contact']),
  /**
   * Why they were reached: `contact`, someone the person chose (they may answer too, and their
   * distance is shown once they accept), or `volunteer`, someone nearby. Same as `kind`.
   */
  role: z.enum(['volunteer', 'contact']),
  /** A contact who is also an available volunteer within the radius: one recipient with both roles. */
  alsoVolunteer: z.boolean(),
  userId: z.number().int().nullable(),
  /** A contact's name as the owner saved it, or a volunteer's first name. */
  name: z.string().nullable(),
  /** A contact's number as the owner saved it (to call them from the SOS screen); null for volunteers. */
  phoneNumber: z.string().nullable(),
  status: SosRecipientStatus,
  deliveryStatus: z.enum(['pending', 'sent', 'failed']),
  /**
   * Exact metres from the victim, only once the volunteer or contact accepted (they chose to
   * come) and only while the event is active: from where they said they were on accepting, else
   * from their live position or volunteer place at that moment. Null before accepting, after
   * declining or withdrawing, and after the event ended (DESIGN.md §8).
   */
  distanceM: z.number().int().nullable(),
  /**
   * Volunteers: the distance band of their privacy cell's centre when they were alerted (see
   * SOS_DISTANCE_BANDS), whatever their answer. Null for contacts, who have no distance.
   */
  distanceBand: SosDistanceBand.nullable(),
  /** The widening step (metres) that reached a volunteer, decided on the cell like the band. */
  radiusM: z.number().int().nullable(),
  respondedAt: z.string().nullable(),
  /**
   * Volunteers: `responder` when alerted first as a verified responder whose profession fits the
   * threat, `volunteer` otherwise; null for contacts and practice alerts.
   */
  tier: z.enum(['responder', 'volunteer']).nullable(),
  /** The verified-responder badge (while the verification is within its year), else null. */
  verifiedProfession: ResponderProfession.nullable(),
  /** On the scene, once accepted: en route, arrived, handed over, done. */
  sceneStatus: SceneStatus.nullable(),
  handedTo: HandedTo.nullable(),
  /**
   * Contacts: the SMS that carried the alert, so the owner can call whoever it did not reach.
   * Null for volunteers, and for a contact whose SMS is not written yet.
   */
  sms: SmsDelivery.nullable(),
});
export type SosRecipient = z.infer<typeof SosRecipient>;

const SosEventBase = z.object({
  id: z.number().int(),
  status: SosStatus,
  /** A practice alert a volunteer sent themself: it alerts nobody else and earns nothing. */
  practice: z.boolean(),
  threat: SosThreat.nullable(),
  contactsOnly: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  endedAt: z.string().nullable(),
});

/** The event as its owner sees it: everything, including who was alerted and who accepted. */
export const SosEventOwnerView = SosEventBase.extend({
  role: z.literal('owner'),
  userId: z.number().int(),
  location: LivePosition,
  lastLocation: LivePosition.nullable(),
  radiusM: z.number().int(),
  radiusStep: z.number().int(),
  alerted: z.array(SosRecipient),
  accepted: z.array(SosRecipient),
});
export type SosEventOwnerView = z.infer<typeof SosEventOwnerView>;

/** The event as someone it reached (a volunteer, or a contact who uses the app) sees it while it is active. */
export const SosEventVolunteerView = SosEventBase.extend({
  role: z.literal('volunteer'),
  /** Why the caller was reached: as one of the person's emergency contacts, or as a volunteer nearby. */
  recipientRole: z.enum(['volunteer', 'contact']),
  response: SosRecipientStatus,
  victim: z.object({
    firstName: z.string().nullable(),
    /** Only after accepting, and only while the event is active. */
    location: LivePosition.nullable(),
    /** Exact metres to the victim: only after accepting (with the location), else null. */
    distanceM: z.number().int().nullable(),
    /**
     * Before accepting, a volunteer learns only this band, measured from their privacy cell's
     * centre (SOS_DISTANCE_BANDS). Null for contacts, who see the location instead.
     */
    distanceBand: SosDistanceBand.nullable(),
    mapsUrl: z.string().nullable(),
  }),
  /** The caller's own verified-responder badge, and their status on the scene once they accepted. */
  verifiedProfession: ResponderProfession.nullable(),
  sceneStatus: SceneStatus.nullable(),
  handedTo: HandedTo.nullable(),
  /** The other volunteers coming (shown only to one who accepted): first name, badge, status. */
  responders: z.array(SceneResponder),
});
export type SosEventVolunteerView = z.infer<typeof SosEventVolunteerView>;

export const SosEventView = z.discriminatedUnion('role', [SosEventOwnerView, SosEventVolunteerView]);
export type SosEventView = z.infer<typeof SosEventView>;

/** A volunteer may say why they cannot come; the alert passes to the next responder at once. */
export const SosDeclineBody = z.strictObject({ reason: DeclineReason }).nullish();

export const SosRespondResponse = z.object({
  eventId: z.number().int(),
  status: SosRecipientStatus,
  /** Metres to the victim after accepting; null after declining. */
  distanceM: z.number().int().nullable(),
});

export const SosLocationResponse = z.object({ ok: z.literal(true), location: LivePosition });

export const EvidenceKind = z.enum(['video', 'audio']);
export type EvidenceKind = z.infer<typeof EvidenceKind>;

export const EvidenceUploadQuery = z.object({
  sequence: z.coerce.number().int().min(0).max(SOS_LIMITS.evidenceChunksMax),
  kind: EvidenceKind,
  /**
   * Which recording (one MediaRecorder start: its own webm, numbered from chunk 0) the chunk
   * belongs to. Optional: without it the chunk goes to recording 0, as before recordings existed.
   */
  recording: z.coerce.number().int().min(0).max(SOS_LIMITS.evidenceRecordingsMax).default(0),
});

export const EvidenceChunk = z.object({
  id: z.number().int(),
  kind: EvidenceKind,
  sequence: z.number().int(),
  sizeBytes: z.number().int(),
  createdAt: z.string(),
  recording: z.number().int(),
});
export type EvidenceChunk = z.infer<typeof EvidenceChunk>;

/** What the server holds of the event's evidence, all kinds together: the count people see. */
export const EvidenceHeld = z.object({ chunks: z.number().int(), sizeBytes: z.number().int(), recordings: z.number().int() });
export type EvidenceHeld = z.infer<typeof EvidenceHeld>;

/** The answer to an upload: the chunk, and what the server now holds (so no client count can drift). */
export const EvidenceUploadResponse = EvidenceChunk.extend({ held: EvidenceHeld });
export type EvidenceUploadResponse = z.infer<typeof EvidenceUploadResponse>;

export const EvidenceRecording = z.object({
  kind: EvidenceKind,
  /** Playback URL of this recording (owner only). */
  url: z.string(),
  chunks: z.number().int(),
  sizeBytes: z.number().int(),
  recording: z.number().int(),
  /** When its first stored chunk arrived. */
  startedAt: z.string(),
  /** Chunk 0 (the webm header) and every chunk after it up to the last one are stored. */
  complete: z.boolean(),
});
export type EvidenceRecording = z.infer<typeof EvidenceRecording>;

export const EvidenceList = z.object({
  chunks: z.array(EvidenceChunk),
  /** One playable webm per recorder start, by kind then recording number (the order they were recorded in). */
  recordings: z.array(EvidenceRecording),
  held: EvidenceHeld,
});
export type EvidenceList = z.infer<typeof EvidenceList>;

export const EvidencePlaybackParams = z.object({ id: Id, kind: EvidenceKind });

/** The public tracking page for contacts without the app. */
export const TrackingView = z.object({
  status: SosStatus,
  firstName: z.string().nullable(),
  threat: SosThreat.nullable(),
  createdAt: z.string(),
  location: LivePosition,
  mapsUrl: z.string(),
  /** The volunteers coming: first name, verified badge and their status on the scene. */
  responders: z.array(SceneResponder),
  /** A journey's link: where they are going, when they expect to arrive and the path so far. */
  journey: TrackedJourney.optional(),
});
export type TrackingView = z.infer<typeof TrackingView>;

/** A tracking link's token: 12 letters and digits in SMS links, 43 in links written before them. */
export const TrackingParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{12,100}$/, 'Invalid link') });

/** SPEC.md §7 `GET /sos/sos-accepted-users` query (ids arrive as text). */
export const SosAcceptedUsersQuery = z.object({ userId: Id, eventId: Id });

/** SPEC.md §3 accepted-users response: events, each with its accepted volunteers. */
export const SosAcceptedUsersResponse = z.array(
  z.object({
    id: z.number().int(),
    threat: SosThreat.nullable(),
    createdAt: z.string(),
    status: SosStatus,
    notifications: z.array(
      z.object({
        id: z.number().int(),
        eventId: z.number().int(),
        feedbackAdded: z.boolean(),
        recipient: z.object({
          id: z.number().int(),
          referralId: z.string(),
          receivedFeedbacks: z.array(z.object({ rating: z.number().int(), feedbackText: z.string() })),
        }),
      }),
    ),
  }),
);
export type SosAcceptedUsersResponse = z.infer<typeof SosAcceptedUsersResponse>;

/** SPEC.md §7 `POST /sos/feedback`. */
export const SosFeedbackBody = z.strictObject({
  feedBackData: z.strictObject({
    feedbackGiverId: Id,
    feedbackReceiverId: Id,
    rating: z.number().int('Rating must be a whole number').min(1, 'Rating must be 1 to 5').max(5, 'Rating must be 1 to 5'),
    eventId: Id,
    /** '' is stored as 'Good' (SPEC.md §4). */
    feedbackText: z.string().trim().max(SOS_LIMITS.feedbackTextMax).optional(),
    status: z.string().trim().max(40).optional(),
  }),
});
export type SosFeedbackBody = z.input<typeof SosFeedbackBody>;

export const SosFeedbackResponse = z.object({
  ok: z.literal(true),
  feedback: z.object({
    id: z.number().int(),
    eventId: z.number().int(),
    feedbackGiverId: z.number().int(),
    feedbackReceiverId: z.number().int(),
    rating: z.number().int(),
    feedbackText: z.string(),
    status: z.string(),
    createdAt: z.string(),
  }),
});

/** What a push message carries (the service worker shows it with a 'Go to SOS' action). */
export const PushPayload = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  type: z.string(),
  sosEventId: z.number().int().nullable(),
  notificationId: z.number().int().nullable(),
  actions: z.array(z.object({ action: z.string(), title: z.string() })),
});
export type PushPayload = z.infer<typeof PushPayload>;

export const VapidPublicKeyResponse = z.object({ publicKey: z.string() });
