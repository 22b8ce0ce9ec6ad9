import { z } from 'zod';

/** Certificate codes: 12 characters of the referral-id alphabet (about 60 bits: not guessable). */
export const CERTIFICATE_CODE_LENGTH = 12;

export const CertificateCodeParams = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(new RegExp(`^[A-HJ-NP-Z2-9]{${CERTIFICATE_CODE_LENGTH}}$`), 'This is not a certificate code'),
});

/**
 * `valid`: the certificate stands. `revoked`: Saathi withdrew it. `replaced`: its holder's name
 * changed and a new certificate (with a new code) was issued.
 */
export const CertificateStatus = z.enum(['valid', 'revoked', 'replaced']);
export type CertificateStatus = z.infer<typeof CertificateStatus>;

/** The signed-in user's certificate (GET /certificates/me issues one on the first call). */
export const MyCertificate = z.object({
  code: z.string(),
  name: z.string(),
  referralId: z.string(),
  issuedAt: z.string(),
  /** The public verification page, `<PUBLIC_URL>/certificates/<code>`, which the certificate's QR code holds. */
  verifyUrl: z.string(),
  status: CertificateStatus,
});
export type MyCertificate = z.infer<typeof MyCertificate>;

/** What anyone holding the code may read. */
export const CertificateVerification = z.object({
  name: z.string(),
  referralId: z.string(),
  issuedAt: z.string(),
  status: CertificateStatus,
});
export type CertificateVerification = z.infer<typeof CertificateVerification>;
