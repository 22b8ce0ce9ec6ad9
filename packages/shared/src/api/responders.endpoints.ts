import { z } from 'zod';
import {
  DecideVerificationBody,
  MyVerification,
  ReviewedVerification,
  RevokeVerificationBody,
  Verification,
  VerificationsPage,
  VerificationsQuery,
} from '../schemas/responders';
import { defineEndpoints } from './endpoint';

/**
 * Verified responders: a volunteer asks to be verified with a registration or badge number and
 * a photo of the document; moderators decide at `/manage/responders` (each decision audited).
 * The document is private (reviewers only) and deleted once decided.
 */
export const respondersEndpoints = defineEndpoints('responders', {
  'POST /responders/verification': {
    summary:
      'Ask to be verified (multipart: profession, registrationNumber, council, station as the profession needs, and the file `document`, a photo of the registration or badge)',
    body: 'multipart',
    responses: { 201: Verification },
    errors: ['verification_pending', 'image_rejected', 'payload_too_large'],
  },
  'GET /responders/verification/me': {
    summary: "The caller's newest verification request and their badge, if verified",
    responses: { 200: MyVerification },
  },
  'GET /responders/verifications': {
    summary: 'Moderators: verification requests by status (pending first come, first served)',
    access: 'moderator',
    query: VerificationsQuery,
    responses: { 200: VerificationsPage },
  },
  'GET /responders/verifications/:id/document': {
    summary: "Moderators: the photo of a pending request's document (JPEG, metadata stripped); gone once decided",
    access: 'moderator',
    responses: { 200: z.string().meta({ format: 'binary', description: 'The document photo (image/jpeg)' }) },
    errors: ['verification_not_found'],
  },
  'POST /responders/verifications/:id/decide': {
    summary: 'Moderators: approve (verified for a year) or reject a pending request; the document photo is deleted',
    access: 'moderator',
    body: DecideVerificationBody,
    responses: { 200: ReviewedVerification },
    errors: ['verification_not_found', 'verification_closed'],
  },
  'POST /responders/verifications/:id/revoke': {
    summary: 'Moderators: revoke an approved verification (the badge and the first place on the ladder go at once)',
    access: 'moderator',
    body: RevokeVerificationBody,
    responses: { 200: ReviewedVerification },
    errors: ['verification_not_found', 'verification_closed'],
  },
});
