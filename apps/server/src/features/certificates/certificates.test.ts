import type { CertificateVerification, MyCertificate } from '@saathi/shared';
import { describe, expect, it } from 'vitest';
import { bearer, build } from '../../../test/build';

const t = build({ PUBLIC_URL: 'https://saathi.example' });

async function mine(token: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/certificates/me', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MyCertificate>();
}

const verify = (code: string) => t.app.inject({ method: 'GET', url: `/api/certificates/${code}` });
const revoke = (code: string, token: string) => t.app.inject({ method: 'POST', url: `/api/certificates/${code}/revoke`, headers: bearer(token) });

async function member(name: string | null = 'Meera Shah') {
  const user = await t.factory.user({ name });
  return { ...user, token: await t.loginAs(user) };
}

describe('certificates', () => {
  it('issues one on the first call, with a code that cannot be guessed and its verification link', async () => {
    const meera = await member();
    const first = await mine(meera.token);
    expect(first).toMatchObject({ name: 'Meera Shah', referralId: meera.referralId, status: 'valid' });
    expect(first.code).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
    expect(first.verifyUrl).toBe(`https://saathi.example/certificates/${first.code}`);
    expect(await mine(meera.token)).toEqual(first);
    expect((await mine((await member('Another Person')).token)).code).not.toBe(first.code);
  });

  it('is verified by anyone holding the code, without signing in', async () => {
    const meera = await member();
    const certificate = await mine(meera.token);
    const res = await verify(certificate.code.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.json<CertificateVerification>()).toEqual({ name: 'Meera Shah', referralId: meera.referralId, issuedAt: certificate.issuedAt, status: 'valid' });
  });

  it('answers 404 for a code that was never issued, and 400 naming the code for text that is no code', async () => {
    const unknown = await verify('ABCDEFGHJKLM');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('certificate_not_found');
    for (const text of ['not-a-code', '1234', 'ABCDEFGHJKL0']) {
      const res = await verify(text);
      expect(res.statusCode, text).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_error', field: 'code' });
    }
  });

  it('issues a new code when the name changes; the old one reads as replaced', async () => {
    const user = await member('Ravi kumar');
    const old = await mine(user.token);
    await t.app.inject({ method: 'PATCH', url: '/api/users/me', headers: bearer(user.token), payload: { name: 'Ravi Kumar Patel' } });
    const renewed = await mine(user.token);
    expect(renewed.code).not.toBe(old.code);
    expect(renewed).toMatchObject({ name: 'Ravi Kumar Patel', status: 'valid' });
    expect((await verify(old.code)).json()).toMatchObject({ name: 'Ravi kumar', status: 'replaced' });
  });

  it('asks for a name first', async () => {
    const nameless = await member(null);
    const res = await t.app.inject({ method: 'GET', url: '/api/certificates/me', headers: bearer(nameless.token) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('profile_incomplete');
  });

  it('lets an admin revoke one, and refuses anyone else', async () => {
    const holder = await member();
    const { code } = await mine(holder.token);
    const stranger = await member('Some One');
    const refused = await revoke(code, stranger.token);
    expect(refused.statusCode).toBe(403);
    expect((await verify(code)).json().status).toBe('valid');
    expect((await revoke(code, holder.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/certificates/${code}/revoke` })).statusCode).toBe(401);

    const admin = await t.factory.user({ roles: ['admin'] });
    const adminToken = await t.loginAs(admin);
    const revoked = await revoke(code, adminToken);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().status).toBe('revoked');
    expect((await verify(code)).json().status).toBe('revoked');
    // Asking again does not issue a fresh one past the revocation.
    expect(await mine(holder.token)).toMatchObject({ code, status: 'revoked' });
    expect((await revoke('ABCDEFGHJKLM', adminToken)).statusCode).toBe(404);
  });
});
