import type { LivePosition, SosEventOwnerView, SosEventVolunteerView, SosRecipient } from '@saathi/shared';
import type { Position, RecipientRecord, SosEventRecord } from './sos.types';
import { firstName, mapsUrl } from './sos.texts';

export const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toLivePosition(p: Position): LivePosition {
  return { latitude: p.latitude, longitude: p.longitude, accuracy: p.accuracy, at: p.at.toISOString() };
}

export const currentPosition = (event: SosEventRecord): Position => event.last ?? event.origin;

export function toRecipientView(r: RecipientRecord): SosRecipient {
  return {
    notificationId: r.notificationId,
    kind: r.kind,
    userId: r.userId,
    name: r.name,
    status: r.status,
    deliveryStatus: r.deliveryStatus,
    distanceM: r.distanceM,
    radiusM: r.radiusM,
    respondedAt: iso(r.respondedAt),
  };
}

function base(event: SosEventRecord) {
  return {
    id: event.id,
    status: event.status,
    threat: event.threat,
    contactsOnly: event.contactsOnly,
    createdAt: event.createdAt.toISOString(),
    updatedAt: event.updatedAt.toISOString(),
    endedAt: iso(event.endedAt),
  };
}

export function toOwnerView(event: SosEventRecord, recipients: readonly RecipientRecord[]): SosEventOwnerView {
  const views = recipients.map(toRecipientView);
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
export function toVolunteerView(event: SosEventRecord, me: RecipientRecord): SosEventVolunteerView {
  const mayLocate = me.status === 'accepted' || me.kind === 'contact';
  const position = currentPosition(event);
  return {
    ...base(event),
    role: 'volunteer',
    response: me.status,
    victim: {
      firstName: firstName(event.victimName),
      location: mayLocate ? toLivePosition(position) : null,
      distanceM: me.distanceM,
      mapsUrl: mayLocate ? mapsUrl(position.latitude, position.longitude) : null,
    },
  };
}
