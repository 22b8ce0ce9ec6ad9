import { CertificateCodeParams, CertificateVerification, MyCertificate } from '../schemas/certificates';
import { defineEndpoints } from './endpoint';

/** The member's certificate and its public verification (docs/leaderboard.md). */
export const certificatesEndpoints = defineEndpoints('certificates', {
  /** A name change issues a new certificate with a new code; the old one then reads as replaced. */
  'GET /certificates/me': {
    summary: "The caller's certificate, issued on the first call and again after a name change",
    responses: { 200: MyCertificate },
    errors: ['profile_incomplete'],
  },
  'GET /certificates/:code': {
    summary: 'Public: whose certificate a code is, when it was issued and whether it is valid',
    access: 'public',
    params: CertificateCodeParams,
    responses: { 200: CertificateVerification },
    errors: ['certificate_not_found'],
  },
  'POST /certificates/:code/revoke': {
    summary: 'Admin: withdraw a certificate (its page then reads revoked)',
    access: 'admin',
    params: CertificateCodeParams,
    responses: { 200: CertificateVerification },
    errors: ['certificate_not_found'],
  },
});
