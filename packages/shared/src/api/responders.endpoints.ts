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
import { created, defineEndpoints, ok } from './endpoint';

/**
 * Verified responders: a volunteer asks to be verified with a registration or badge number and
 * a photo of the document; moderators decide at `/manage/responders` (each decision audited).
 * The document is private (reviewers only) and deleted once decided.
 */
export const respondersEndpoints = defineEndpoints('responders', {
  'POST /responders/verification': created(Verification, {
    body: 'multipart',
    form: { fields: ['profession', 'registrationNumber', 'council', 'station'], files: { document: 1 } },
    errors: ['verification_pending', 'image_rejected', 'payload_too_large', 'unsupported_media_type'],
  }).summary(
    'Ask to be verified (multipart: profession, registrationNumber, council, station as the profession needs, and the file `document`, a photo of the registration or badge)',
  ),
  'GET /responders/verification/me': ok(MyVerification).summary("The caller's newest verification request and their badge, if verified"),
  'GET /responders/verifications': ok(VerificationsPage, { access: 'moderator', query: VerificationsQuery }).summary(
    'Moderators: verification requests by status (pending first come, first served)',
  ),
  'GET /responders/verifications/:id/document': ok(z.string().meta({ format: 'binary', description: 'The document photo (image/jpeg)' }), {
    access: 'moderator',
    errors: ['verification_not_found'],
  }).summary("Moderators: the photo of a pending request's document (JPEG, metadata stripped); gone once decided"),
  'POST /responders/verifications/:id/decide': ok(ReviewedVerification, {
    access: 'moderator',
    body: DecideVerificationBody,
    errors: ['verification_not_found', 'verification_closed'],
  }).summary('Moderators: approve (verified for a year) or reject a pending request; the document photo is deleted'),
  'POST /responders/verifications/:id/revoke': ok(ReviewedVerification, {
    access: 'moderator',
    body: RevokeVerificationBody,
    errors: ['verification_not_found', 'verification_closed'],
  }).summary('Moderators: revoke an approved verification (the badge and the first place on the ladder go at once)'),
});
