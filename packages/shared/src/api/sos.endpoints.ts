import { z } from 'zod';
import { Id } from '../schemas/common';
import {
  CreateSosBody,
  EvidenceList,
  EvidenceUploadQuery,
  EvidenceUploadResponse,
  SosAcceptBody,
  SosDeclineBody,
  SosAcceptedUsersQuery,
  SosAcceptedUsersResponse,
  SosEventOwnerView,
  SosEventView,
  SosEventVolunteerView,
  SosFeedbackBody,
  SosFeedbackResponse,
  SosLocationBody,
  SosLocationResponse,
  SosRespondResponse,
  SOS_LIMITS,
} from '../schemas/sos';
import { SceneStatusBody, SceneStatusResponse } from '../schemas/responders';
import { created, defineEndpoints, ok } from './endpoint';

/**
 * SOS alerts: raising and ending one, the owner's live location, volunteers' answers, the
 * owner's audio/video evidence and the rating of the volunteers who came.
 */
export const sosEndpoints = defineEndpoints('sos', {
  'POST /sos': {
    priority: 'sos',
    summary: 'Raise an SOS: alerts the emergency contacts and, unless contactsOnly, nearby volunteers (201; 200 returns the already active event)',
    body: CreateSosBody,
    responses: { 200: SosEventOwnerView, 201: SosEventOwnerView },
    errors: ['sos_rate_limited'],
  },
  'GET /sos/:id': ok(SosEventView, { priority: 'sos', errors: ['sos_not_found', 'sos_not_yours', 'sos_ended'] }).summary(
    "An SOS event: its owner sees everything (who was alerted, who accepted and how far they are); an alerted volunteer sees the alert, and after accepting the victim's live location, while it is active",
  ),
  'POST /sos/:id/location': ok(SosLocationResponse, {
    priority: 'sos',
    body: SosLocationBody,
    errors: ['sos_not_found', 'sos_not_yours', 'sos_ended'],
  }).summary("The owner's live position while the event is active"),
  'POST /sos/:id/resolve': ok(SosEventOwnerView, { priority: 'sos', errors: ['sos_not_found', 'sos_not_yours', 'sos_ended'] }).summary(
    'The owner ends the event: help arrived',
  ),
  'POST /sos/:id/cancel': ok(SosEventOwnerView, { priority: 'sos', errors: ['sos_not_found', 'sos_not_yours', 'sos_ended'] }).summary(
    'The owner cancels the event; everyone already alerted gets an "all clear" (SMS to contacts, push + in-app to users)',
  ),
  'POST /sos/:id/accept': ok(SosRespondResponse, { priority: 'sos', body: SosAcceptBody, errors: ['sos_not_found', 'sos_not_alerted', 'sos_ended'] }).summary(
    'An alerted volunteer accepts (optionally with where they are, for the distance shown to the victim)',
  ),
  'POST /sos/:id/decline': ok(SosRespondResponse, { priority: 'sos', body: SosDeclineBody, errors: ['sos_not_found', 'sos_not_alerted', 'sos_ended'] }).summary(
    'An alerted volunteer declines (or withdraws after accepting), optionally saying why (too_far, busy, not_qualified); a verified responder who declines passes the alert to the next one at once',
  ),
  'POST /sos/:id/status': ok(SceneStatusResponse, {
    priority: 'sos',
    body: SceneStatusBody,
    errors: ['sos_not_found', 'sos_not_alerted', 'sos_not_accepted', 'sos_ended'],
  }).summary(
    'An accepted volunteer on the scene: en_route, arrived, handed_over (handedTo ambulance or police), done; seen live by the person, their contacts and the other volunteers coming',
  ),
  'POST /sos/practice': {
    summary:
      'Send oneself a practice alert: the whole path (push, Go to SOS, accept, statuses), marked practice, alerting nobody else and earning nothing (201; 200 returns the one already running)',
    // Optionally where the volunteer is (the practice 'person in danger' stands there).
    body: SosAcceptBody,
    responses: { 200: SosEventVolunteerView, 201: SosEventVolunteerView },
    errors: ['rate_limited'],
  },
});

/** Evidence the phone records during an SOS, uploaded a chunk at a time; the owner plays it back. */
export const sosEvidenceEndpoints = defineEndpoints('sos', {
  'POST /sos/:id/evidence': {
    priority: 'sos',
    summary:
      "Upload one chunk of the owner's audio/video evidence (raw webm body). Each recording (one recorder start) is numbered from sequence 0, whose chunk must be a WebM header; `recording` defaults to 0. 201 new, 200 the same bytes again (a retry); 409 evidence_chunk_exists for other bytes under a held number (a restarted recorder: start a new recording). The answer says what the server now holds",
    query: EvidenceUploadQuery,
    // Codecs parameters are allowed (`video/webm;codecs=vp8,opus`).
    body: 'binary',
    contentTypes: ['video/webm', 'audio/webm', 'application/octet-stream'],
    responses: { 200: EvidenceUploadResponse, 201: EvidenceUploadResponse },
    errors: ['sos_not_found', 'sos_not_yours', 'sos_closed_for_evidence', 'not_webm', 'evidence_chunk_exists', 'payload_too_large', 'unsupported_media_type'],
  },
  'GET /sos/:id/evidence': ok(EvidenceList, { priority: 'sos', errors: ['sos_not_found', 'sos_not_yours'] }).summary(
    "The evidence chunks of the caller's SOS, its recordings with a playback URL each, and what the server holds",
  ),
  'GET /sos/:id/evidence/:file': {
    priority: 'sos',
    summary: "Play back the owner's first recording of a kind (video.webm or audio.webm): its chunks concatenated in order",
    params: z.object({ id: Id, file: z.enum(['video.webm', 'audio.webm']) }),
    // The webm bytes themselves (Content-Type video/webm or audio/webm), not JSON.
    responses: { 200: z.string().meta({ format: 'binary', description: 'The recording (video/webm or audio/webm)' }) },
    errors: ['sos_not_found', 'sos_not_yours', 'evidence_not_found'],
  },
  'GET /sos/:id/evidence/recordings/:recording/:file': {
    priority: 'sos',
    summary: "Play back one of the owner's recordings (a recorder start) as one webm: its chunks concatenated in order",
    params: z.object({
      id: Id,
      recording: z.coerce.number().int().min(0).max(SOS_LIMITS.evidenceRecordingsMax),
      file: z.enum(['video.webm', 'audio.webm']),
    }),
    responses: { 200: z.string().meta({ format: 'binary', description: 'The recording (video/webm or audio/webm)' }) },
    errors: ['sos_not_found', 'sos_not_yours', 'evidence_not_found'],
  },
});

/** After an SOS: who came, and the rating the person gives them. */
export const sosFeedbackEndpoints = defineEndpoints('sos', {
  'GET /sos/sos-accepted-users': ok(SosAcceptedUsersResponse, { query: SosAcceptedUsersQuery, errors: ['sos_not_found', 'sos_not_yours'] }).summary(
    "The volunteers who accepted one of the caller's SOS events, with the caller's ratings of them",
  ),
  'POST /sos/feedback': created(SosFeedbackResponse, {
    body: SosFeedbackBody,
    errors: ['forbidden', 'sos_not_found', 'sos_not_yours', 'not_accepted', 'feedback_already_given'],
  }).summary("Rate a volunteer who accepted the caller's SOS (once per volunteer and event)"),
});
