import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bearer, build, signedInUser } from '../../../test/build';
import { privateFilesIn, STORAGE_MODES } from '../../../test/private-files';
import { jpegWithGps, multipart } from '../../../test/uploads';

// The same behaviour with the photos on local disk and in the S3 peer's private bucket.
describe.each(STORAGE_MODES)('responders (STORAGE=%s)', (mode) => {
  const files = privateFilesIn(mode);
  const t = build(() => files.env());
  const moderator = signedInUser(t, { roles: ['moderator'] });
  const admin = signedInUser(t, { roles: ['admin'] });
  const plain = signedInUser(t);

  const DOCTOR = { profession: 'doctor', registrationNumber: 'GMC-G-12345', council: 'Gujarat Medical Council' };

  async function requestVerification(token: string, fields: Record<string, string> = DOCTOR) {
    const form = multipart(fields, [{ field: 'document', name: 'registration.jpg', type: 'image/jpeg', bytes: await jpegWithGps() }]);
    return t.app.inject({ method: 'POST', url: '/api/responders/verification', headers: { ...bearer(token), ...form.headers }, payload: form.payload });
  }

  async function applicant(name = 'Dr Anjali Rao') {
    const user = await t.factory.user({ name });
    const token = await t.loginAs(user);
    const res = await requestVerification(token);
    expect(res.statusCode).toBe(201);
    return { user, token, id: res.json().id as number };
  }

  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

  const documentKeyOf = async (id: number) => {
    const row = await t.db.selectFrom('responder_verifications').select('document_key').where('id', '=', id).executeTakeFirstOrThrow();
    return row.document_key;
  };

  describe('verification requests', () => {
    it('stores the request pending, with the photo private: metadata stripped, readable only by reviewers, never under /media', async () => {
      const { id, token } = await applicant();
      const mine = (await call('GET', '/api/responders/verification/me', token)).json();
      expect(mine).toEqual({
        latest: {
          id,
          profession: 'doctor',
          registrationNumber: 'GMC-G-12345',
          council: 'Gujarat Medical Council',
          station: null,
          status: 'pending',
          createdAt: expect.any(String),
          decidedAt: null,
          reason: null,
          expiresAt: null,
        },
        verified: null,
      });

      const asModerator = await call('GET', `/api/responders/verifications/${id}/document`, moderator.token);
      expect(asModerator.statusCode).toBe(200);
      expect(asModerator.headers['content-type']).toBe('image/jpeg');
      expect(asModerator.headers['cache-control']).toBe('private, no-store');
      expect((await sharp(asModerator.rawPayload).metadata()).exif).toBeUndefined();
      const key = await documentKeyOf(id);
      expect(key).toMatch(/^evidence\/responders\/[0-9a-f]{32}\.jpg$/);
      // What the moderator got is what the store holds, whole, with its size.
      const held = await files.stored(t, key!);
      expect(held?.equals(asModerator.rawPayload)).toBe(true);
      expect(asModerator.headers['content-length']).toBe(String(held?.length));

      // The applicant, another user and a visitor cannot read it; nor can anyone through /media.
      for (const [who, status, code] of [
        [token, 403, 'forbidden'],
        [plain.token, 403, 'forbidden'],
        [undefined, 401, 'unauthorized'],
      ] as const) {
        const refused = await call('GET', `/api/responders/verifications/${id}/document`, who);
        expect([refused.statusCode, refused.json().error.code]).toEqual([status, code]);
        expect(refused.headers['content-type']).toMatch(/^application\/json/);
      }
      await files.expectPrivate(t, key!);

      const second = await requestVerification(token);
      expect([second.statusCode, second.json().error.code]).toEqual([409, 'verification_pending']);
    });

    it('deleting the account deletes a pending request’s photo from the store', async () => {
      const { user, token, id } = await applicant('Dr Meera Nair');
      const key = await documentKeyOf(id);
      expect(await files.stored(t, key!)).toBeDefined();
      expect((await call('POST', '/api/users/me/deletion-code', token)).statusCode).toBe(200);
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: '/api/users/me',
        headers: bearer(token),
        payload: { code: t.sms.lastCode(user.phoneNumber) },
      });
      expect(deleted.statusCode).toBe(200);
      expect(await files.stored(t, key!)).toBeUndefined();
    });

    it('asks each profession for its numbers and a photo, naming the missing field and keeping nothing', async () => {
      const user = await t.factory.user();
      const token = await t.loginAs(user);
      for (const [fields, field] of [
        [{ profession: 'doctor', registrationNumber: 'MMC-1' }, 'council'],
        [{ profession: 'police', registrationNumber: 'B-77' }, 'station'],
        [{ profession: 'nurse', council: 'Gujarat Nursing Council' }, 'registrationNumber'],
        [{ profession: 'pilot', registrationNumber: 'X' }, 'profession'],
      ] as const) {
        const res = await requestVerification(token, fields);
        expect([res.statusCode, res.json().error.field], JSON.stringify(fields)).toEqual([400, field]);
      }
      const noPhoto = multipart({ profession: 'firefighter', station: 'Navrangpura Fire Station' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/responders/verification',
        headers: { ...bearer(token), ...noPhoto.headers },
        payload: noPhoto.payload,
      });
      expect([res.statusCode, res.json().error.field]).toEqual([400, 'document']);
      expect((await call('GET', '/api/responders/verification/me', token)).json().latest).toBeNull();
      expect((await call('POST', '/api/responders/verification')).statusCode).toBe(401);
    });
  });

  describe('reviewing', () => {
    it('lets moderators and admins decide; a plain user is refused (403) and a visitor asked to sign in (401)', async () => {
      const { id } = await applicant('Ravi Patel');
      expect((await call('GET', '/api/responders/verifications?status=pending', plain.token)).statusCode).toBe(403);
      expect((await call('GET', '/api/responders/verifications?status=pending')).statusCode).toBe(401);
      expect((await call('POST', `/api/responders/verifications/${id}/decide`, plain.token, { decision: 'approve' })).statusCode).toBe(403);
      expect((await call('POST', `/api/responders/verifications/${id}/decide`, undefined, { decision: 'approve' })).statusCode).toBe(401);

      const queue = (await call('GET', '/api/responders/verifications?status=pending', moderator.token)).json();
      expect(queue.items.find((v: { id: number }) => v.id === id)).toMatchObject({
        applicant: { name: 'Ravi Patel' },
        documentUrl: `/api/responders/verifications/${id}/document`,
      });
      expect((await call('GET', '/api/responders/verifications?status=pending', admin.token)).statusCode).toBe(200);
      expect((await call('POST', `/api/responders/verifications/${id}/decide`, moderator.token, { decision: 'maybe' })).json().error.field).toBe('decision');
      expect((await call('POST', '/api/responders/verifications/999999/decide', moderator.token, { decision: 'approve' })).json().error.code).toBe(
        'verification_not_found',
      );
    });

    it('approving deletes the photo, gives the badge for a year (then it reads expired) and is audited', async () => {
      const { id, token, user } = await applicant();
      const key = await documentKeyOf(id);
      expect(await files.stored(t, key!)).toBeDefined();
      const decided = await call('POST', `/api/responders/verifications/${id}/decide`, moderator.token, {
        decision: 'approve',
        reason: 'NMC register checked',
      });
      expect(decided.statusCode).toBe(200);
      expect(decided.json()).toMatchObject({ id, status: 'approved', documentUrl: null, reason: 'NMC register checked' });
      const decidedAt = new Date(decided.json().decidedAt as string).getTime();
      expect(new Date(decided.json().expiresAt as string).getTime() - decidedAt).toBe(365 * 86_400_000);

      // The photo is gone: from the store, from the API, for everyone.
      expect(await files.stored(t, key!)).toBeUndefined();
      expect(await documentKeyOf(id)).toBeNull();
      expect((await call('GET', `/api/responders/verifications/${id}/document`, moderator.token)).statusCode).toBe(404);
      expect((await call('POST', `/api/responders/verifications/${id}/decide`, moderator.token, { decision: 'reject' })).json().error.code).toBe(
        'verification_closed',
      );

      const audit = await t.db
        .selectFrom('audit_log')
        .selectAll()
        .where('target_type', '=', 'responder_verification')
        .where('target_id', '=', String(id))
        .execute();
      expect(audit.map((a) => [a.action, a.actor_id, a.reason])).toEqual([['responder_verification_decide', moderator.id, 'NMC register checked']]);
      expect(audit[0]?.after).toEqual({ status: 'approved', profession: 'doctor', userId: user.id });

      const note = await t.db.selectFrom('notifications').select(['type', 'title']).where('user_id', '=', user.id).execute();
      expect(note).toEqual([{ type: 'responders.approved', title: 'You are a verified responder' }]);
      expect((await call('GET', '/api/responders/verification/me', token)).json().verified).toEqual({ profession: 'doctor', until: decided.json().expiresAt });
      expect((await call('GET', '/api/volunteers/me/duty', token)).json().verified).toEqual({ profession: 'doctor', until: decided.json().expiresAt });

      t.clock.advance(365 * 86_400_000 + 1000);
      // Sessions last 30 days: fresh ones a year on.
      const nextDay = { expiresAt: new Date(t.clock.now().getTime() + 86_400_000) };
      const [again, moderatorAgain] = [await t.loginAs(user, nextDay), await t.loginAs({ id: moderator.id }, nextDay)];
      const later = (await call('GET', '/api/responders/verification/me', again)).json();
      expect([later.latest.status, later.verified]).toEqual(['expired', null]);
      expect((await call('GET', '/api/volunteers/me/duty', again)).json().verified).toBeNull();
      const expired = (await call('GET', '/api/responders/verifications?status=expired', moderatorAgain)).json();
      expect(expired.items.map((v: { id: number }) => v.id)).toContain(id);
      t.clock.set(new Date());
    });

    it('rejecting deletes the photo too; a revoke takes the badge at once and is audited', async () => {
      const rejected = await applicant();
      const key = await documentKeyOf(rejected.id);
      expect(await files.stored(t, key!)).toBeDefined();
      const res = await call('POST', `/api/responders/verifications/${rejected.id}/decide`, admin.token, { decision: 'reject', reason: 'Photo unreadable' });
      expect(res.json()).toMatchObject({ status: 'rejected', expiresAt: null, documentUrl: null });
      expect(await files.stored(t, key!)).toBeUndefined();
      // Rejected, the person may ask again.
      expect((await requestVerification(rejected.token)).statusCode).toBe(201);

      const approved = await applicant();
      await call('POST', `/api/responders/verifications/${approved.id}/decide`, moderator.token, { decision: 'approve' });
      expect((await call('POST', `/api/responders/verifications/${approved.id}/revoke`, moderator.token, {})).json().error.field).toBe('reason');
      expect((await call('POST', `/api/responders/verifications/${approved.id}/revoke`, plain.token, { reason: 'x' })).statusCode).toBe(403);
      const revoked = await call('POST', `/api/responders/verifications/${approved.id}/revoke`, moderator.token, { reason: 'Registration suspended' });
      expect(revoked.json()).toMatchObject({ status: 'revoked', reason: 'Registration suspended' });
      expect((await call('GET', '/api/responders/verification/me', approved.token)).json().verified).toBeNull();
      const badge = await t.db
        .selectFrom('users')
        .select(['verified_profession', 'verified_until'])
        .where('id', '=', approved.user.id)
        .executeTakeFirstOrThrow();
      expect(badge).toEqual({ verified_profession: null, verified_until: null });
      const actions = await t.db
        .selectFrom('audit_log')
        .select('action')
        .where('target_type', '=', 'responder_verification')
        .where('target_id', '=', String(approved.id))
        .orderBy('id')
        .execute();
      expect(actions.map((a) => a.action)).toEqual(['responder_verification_decide', 'responder_verification_revoke']);
      expect((await call('POST', `/api/responders/verifications/${approved.id}/revoke`, moderator.token, { reason: 'again' })).json().error.code).toBe(
        'verification_closed',
      );
    });
  });
});
