import type {
  CreateSosBody,
  EvidenceKind,
  SosAcceptedUsersResponse,
  SosEventView,
  SosFeedbackBody,
  SosLocationBody,
  TrackingView,
} from '@saathi/shared';
import { ApiError, api, buildUrl, parseErrorResponse } from '../../../lib/api-client';

/** The SOS calls (contract in packages/shared/src/schemas/sos.ts). Paths are relative to /api. */
export const sosKeys = {
  all: ['sos'] as const,
  event: (id: number) => [...sosKeys.all, 'event', id] as const,
  acceptedUsers: (eventId: number) => [...sosKeys.all, 'accepted-users', eventId] as const,
  evidence: (id: number) => [...sosKeys.all, 'evidence', id] as const,
  tracking: (token: string) => [...sosKeys.all, 'tracking', token] as const,
};

/** `SosRespondResponse` of packages/shared: metres to the victim after accepting, null after declining. */
export interface RespondResult {
  eventId: number;
  status: 'notified' | 'accepted' | 'declined';
  distanceM: number | null;
}

export interface EvidenceRecording {
  kind: EvidenceKind;
  url: string;
  chunks: number;
  sizeBytes: number;
}

export const sosApi = {
  raise: (body: CreateSosBody) => api.post<SosEventView>('/sos', body),
  get: (id: number) => api.get<SosEventView>(`/sos/${id}`),
  sendLocation: (id: number, body: SosLocationBody) => api.post<unknown>(`/sos/${id}/location`, body),
  resolve: (id: number) => api.post<SosEventView>(`/sos/${id}/resolve`),
  cancel: (id: number) => api.post<SosEventView>(`/sos/${id}/cancel`),
  accept: (id: number, position?: { latitude: number; longitude: number }) => api.post<RespondResult>(`/sos/${id}/accept`, position),
  decline: (id: number) => api.post<RespondResult>(`/sos/${id}/decline`),
  evidence: (id: number) => api.get<{ recordings: EvidenceRecording[] }>(`/sos/${id}/evidence`),
  acceptedUsers: (userId: number, eventId: number) =>
    api.get<SosAcceptedUsersResponse>('/sos/sos-accepted-users', { userId: String(userId), eventId: String(eventId) }),
  feedback: (body: SosFeedbackBody) => api.post<unknown>('/sos/feedback', body),
  tracking: (token: string) => api.get<TrackingView>(`/track/${encodeURIComponent(token)}`),
};

/** Sends one MediaRecorder chunk as the raw request body (no JSON, no base64: chunks are megabytes). */
export async function uploadEvidenceChunk(eventId: number, sequence: number, kind: EvidenceKind, chunk: Blob): Promise<void> {
  let response: Response;
  try {
    response = await fetch(buildUrl(`/sos/${eventId}/evidence`, { sequence, kind }), {
      method: 'POST',
      headers: { 'Content-Type': chunk.type.split(';')[0] || 'video/webm' },
      body: chunk,
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'No connection');
  }
  if (!response.ok) throw await parseErrorResponse(response);
}

/** Evidence playback is the owner's only (session cookie): fetched as a blob so a failure shows as an error, not a broken player. */
export async function fetchEvidenceBlob(url: string): Promise<Blob> {
  const path = url.startsWith('/api/') ? url : buildUrl(url);
  let response: Response;
  try {
    response = await fetch(path);
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'No connection');
  }
  if (!response.ok) throw await parseErrorResponse(response);
  return response.blob();
}
