import type { QueryClient } from '@tanstack/react-query';
import type { CreateSosBody, EvidenceKind, EvidenceUploadResponse, SosEventView, SosFeedbackBody, SosLocationBody } from '@saathi/shared';
import { api, type CallOptions } from '../../lib/api-client';

/** The SOS calls (contract in packages/shared/src/api/sos.endpoints.ts). */
export const sosKeys = {
  all: ['sos'] as const,
  event: (id: number) => [...sosKeys.all, 'event', id] as const,
  acceptedUsers: (eventId: number) => [...sosKeys.all, 'accepted-users', eventId] as const,
  evidence: (id: number) => [...sosKeys.all, 'evidence', id] as const,
  tracking: (token: string) => [...sosKeys.all, 'tracking', token] as const,
};

export const sosApi = {
  raise: (body: CreateSosBody) => api.call('POST /sos', { body }),
  get: (id: number) => api.call('GET /sos/:id', { params: { id } }),
  sendLocation: (id: number, body: SosLocationBody) => api.call('POST /sos/:id/location', { params: { id }, body }),
  resolve: (id: number) => api.call('POST /sos/:id/resolve', { params: { id } }),
  cancel: (id: number) => api.call('POST /sos/:id/cancel', { params: { id } }),
  /** With where the volunteer is, the victim sees how far they are. */
  accept: (id: number, position?: CallOptions<'POST /sos/:id/accept'>['body']) => api.call('POST /sos/:id/accept', { params: { id }, body: position }),
  decline: (id: number) => api.call('POST /sos/:id/decline', { params: { id }, body: undefined }),
  evidence: (id: number) => api.call('GET /sos/:id/evidence', { params: { id } }),
  acceptedUsers: (userId: number, eventId: number) => api.call('GET /sos/sos-accepted-users', { query: { userId, eventId } }),
  feedback: (body: SosFeedbackBody) => api.call('POST /sos/feedback', { body }),
};

/**
 * Sends one MediaRecorder chunk of one recording as the raw request body (no JSON, no base64:
 * chunks are megabytes). The answer says what the server now holds of the event.
 */
export function uploadEvidenceChunk(eventId: number, recording: number, sequence: number, kind: EvidenceKind, chunk: Blob): Promise<EvidenceUploadResponse> {
  return api.call('POST /sos/:id/evidence', { params: { id: eventId }, query: { recording, sequence, kind }, body: chunk });
}

/** Evidence playback is the owner's only (session cookie): fetched as a blob so a failure shows as an error, not a broken player. */
export function fetchEvidenceBlob(eventId: number, recording: number, kind: EvidenceKind): Promise<Blob> {
  return api.blob('GET /sos/:id/evidence/recordings/:recording/:file', { params: { id: eventId, recording, file: `${kind}.webm` } });
}

/**
 * Marks a cached event ended without asking the server: once an SOS is over, the people it
 * reached may no longer read it (403 `sos_ended`), so their screen learns it from the live event.
 */
export function endCachedEvent(queryClient: QueryClient, id: number, status: 'resolved' | 'cancelled' = 'cancelled'): void {
  queryClient.setQueryData<SosEventView>(sosKeys.event(id), (current) => (current && current.status === 'active' ? { ...current, status } : current));
}
