import { CertificateCodeParams, CertificateVerification, MyCertificate } from '../schemas/certificates';
import { defineEndpoints, ok } from './endpoint';

/** The member's certificate and its public verification (docs/leaderboard.md). */
export const certificatesEndpoints = defineEndpoints('certificates', {
  /** A name change issues a new certificate with a new code; the old one then reads as replaced. */
  'GET /certificates/me': ok(MyCertificate, { errors: ['profile_incomplete'] }).summary(
    "The caller's certificate, issued on the first call and again after a name change",
  ),
  'GET /certificates/:code': ok(CertificateVerification, { access: 'public', params: CertificateCodeParams, errors: ['certificate_not_found'] }).summary(
    'Public: whose certificate a code is, when it was issued and whether it is valid',
  ),
  'POST /certificates/:code/revoke': ok(CertificateVerification, { access: 'admin', params: CertificateCodeParams, errors: ['certificate_not_found'] }).summary(
    'Admin: withdraw a certificate (its page then reads revoked)',
  ),
});
