import {
  sosDistanceBand,
  type LivePosition,
  type SceneResponder,
  type SosDistanceBand,
  type SosEventOwnerView,
  type SosEventVolunteerView,
  type SosRecipient,
} from '@saathi/shared';
import type { Position, RecipientRecord, SosEventRecord } from './sos.types';
import { firstName, mapsUrl } from './sos.texts';

export const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toLivePosition(p: Position): LivePosition {
  return { latitude: p.latitude, longitude: p.longitude, accuracy: p.accuracy, at: p.at.toISOString() };
}

export const currentPosition = (event: SosEventRecord): Position => event.last ?? event.origin;

/** A volunteer's distance band, from their privacy cell's centre; contacts have none. */
export function bandOf(r: RecipientRecord): SosDistanceBand | null {
  return r.kind === 'volunteer' && r.cellDistanceM !== null ? sosDistanceBand(r.cellDistanceM) : null;
}

/**
 * A recipient as the event's owner sees them (here, in `alerted`/`accepted`, and in the live
 * `sos.accepted`/`sos.declined` events). DESIGN.md §8: no distance computed from a volunteer's
 * exact point before they accept, so until then only the band of their cell; the exact metres
 * only while they are coming and the event is active (`eventActive`), for contacts who accept too; after the end, the band
 * again, so an old event cannot be mined for where its volunteers were.
 */
export function toRecipientView(r: RecipientRecord, eventActive: boolean): SosRecipient {
  const coming = r.status === 'accepted' && eventActive;
  return {
    notificationId: r.notificationId,
    kind: r.kind,
    role: r.kind,
    alsoVolunteer: r.kind === 'contact' && r.alsoVolunteer,
    userId: r.userId,
    name: r.name,
    // The owner saved this number; volunteers' numbers are never shown.
    phoneNumber: r.kind === 'contact' ? r.phone : null,
    status: r.status,
    deliveryStatus: r.deliveryStatus,
    distanceM: coming ? r.distanceM : null,
    distanceBand: bandOf(r),
    radiusM: r.radiusM,
    respondedAt: iso(r.respondedAt),
    tier: r.tier,
    verifiedProfession: r.verifiedProfession,
    sceneStatus: r.sceneStatus,
    handedTo: r.handedTo,
    sms: r.sms ? { status: r.sms.status, updatedAt: r.sms.updatedAt.toISOString() } : null,
  };
}

function base(event: SosEventRecord) {
  return {
    id: event.id,
    status: event.status,
    practice: event.practice,
    threat: event.threat,
    contactsOnly: event.contactsOnly,
    createdAt: event.createdAt.toISOString(),
    updatedAt: event.updatedAt.toISOString(),
    endedAt: iso(event.endedAt),
  };
}

export function toOwnerView(event: SosEventRecord, recipients: readonly RecipientRecord[]): SosEventOwnerView {
  const views = recipients.map((r) => toRecipientView(r, event.status === 'active'));
  return {
    ...base(event),
    role: 'owner',
    userId: event.userId,
    location: toLivePosition(event.origin),
    lastLocation: event.last ? toLivePosition(event.last) : null,
    radiusM: event.radiusM,
    radiusStep: event.radiusStep,
    alerted: views,
    accepted: views.filter((v) => v.status === 'accepted'),
  };
}

/**
 * What someone the event reached sees. The exact live position only goes to accepted
 * volunteers and to contacts (DESIGN.md §8), and only while the event is active (the
 * caller checks that).
 */
export function toVolunteerView(event: SosEventRecord, me: RecipientRecord, responders: readonly SceneResponder[] = []): SosEventVolunteerView {
  const mayLocate = me.status === 'accepted' || me.kind === 'contact';
  const position = currentPosition(event);
  return {
    ...base(event),
    role: 'volunteer',
    recipientRole: me.kind,
    response: me.status,
    victim: {
      firstName: firstName(event.victimName),
      location: mayLocate ? toLivePosition(position) : null,
      // Exact only with the location (after accepting); before that the band of the cell.
      distanceM: me.status === 'accepted' ? me.distanceM : null,
      distanceBand: bandOf(me),
      mapsUrl: mayLocate ? mapsUrl(position.latitude, position.longitude) : null,
    },
    verifiedProfession: me.verifiedProfession,
    sceneStatus: me.sceneStatus,
    handedTo: me.handedTo,
    // The others coming (volunteers and contacts) are shown to one who is coming too, never before they accept.
    responders: me.status === 'accepted' ? [...responders] : [],
  };
}
