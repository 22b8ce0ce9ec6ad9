import type { AuditEntry, AuditPage, MyCertificate } from '@saathi/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, build, signedInUser } from '../../../test/build';

const t = build();

const admin = signedInUser(t, { name: 'Rohan Admin', roles: ['admin'] });
const otherAdmin = signedInUser(t, { name: 'Asha Admin', roles: ['admin', 'editor'] });

const audit = async (query = '', token = admin.token) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditPage>();
};
const setRoles = (id: number, roles: string[], token = admin.token) =>
  t.app.inject({ method: 'PUT', url: `/api/users/${id}/roles`, headers: bearer(token), payload: { roles } });

describe('the audit log', () => {
  let member: { id: number };
  let certificateCode: string;

  beforeAll(async () => {
    member = await t.factory.user({ name: 'Meera Shah' });
    const token = await t.loginAs(member);
    certificateCode = (await t.app.inject({ method: 'GET', url: '/api/certificates/me', headers: bearer(token) })).json<MyCertificate>().code;
  });

  it('records a role change with who did it, in which roles, and the roles before and after', async () => {
    t.clock.set(new Date('2026-03-01T10:00:00Z'));
    expect((await setRoles(member.id, ['editor'])).statusCode).toBe(200);
    const [entry] = (await audit('?action=role_change')).items;
    expect(entry).toEqual<AuditEntry>({
      id: expect.any(Number) as number,
      actor: { id: admin.id, name: 'Rohan Admin' },
      actorRoles: ['user', 'admin'],
      action: 'role_change',
      target: { type: 'user', id: String(member.id) },
      reason: null,
      before: { roles: ['user'] },
      after: { roles: ['user', 'editor'] },
      createdAt: '2026-03-01T10:00:00.000Z',
    });
  });

  it('records a certificate revocation once, and nothing when it was already revoked', async () => {
    const revoke = () => t.app.inject({ method: 'POST', url: `/api/certificates/${certificateCode}/revoke`, headers: bearer(otherAdmin.token) });
    expect((await revoke()).statusCode).toBe(200);
    expect((await revoke()).statusCode).toBe(200);
    const entries = (await audit(`?targetType=certificate&targetId=${certificateCode}`)).items;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: { id: otherAdmin.id, name: 'Asha Admin' },
      actorRoles: ['user', 'editor', 'admin'],
      action: 'certificate_revoke',
      target: { type: 'certificate', id: certificateCode },
      before: { status: 'valid', name: 'Meera Shah' },
      after: { status: 'revoked', name: 'Meera Shah' },
    });
  });

  it('writes nothing when the action is refused', async () => {
    // Leave one admin: the step down is recorded, the refused change of the last admin is not.
    expect((await setRoles(otherAdmin.id, ['editor'])).statusCode).toBe(200);
    const before = (await audit('?limit=100')).items.length;
    const refused = await setRoles(admin.id, ['moderator']);
    expect(refused.json().error.code).toBe('last_admin');
    expect((await t.app.inject({ method: 'POST', url: '/api/certificates/ABCDEFGHJKLM/revoke', headers: bearer(admin.token) })).statusCode).toBe(404);
    expect((await setRoles(2_000_000_000, ['editor'])).statusCode).toBe(404);
    expect((await audit('?limit=100')).items.length).toBe(before);
    expect((await setRoles(otherAdmin.id, ['admin', 'editor'])).statusCode).toBe(200);
  });

  it('cannot be updated, deleted or truncated, not even by the app in SQL', async () => {
    const count = async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_log`.execute(t.db)).rows[0]?.n;
    const rows = await count();
    expect(rows).toBeGreaterThan(0);
    await expect(sql`UPDATE audit_log SET reason = 'tampered'`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    expect(await count()).toBe(rows);
    const tampered = await sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_log WHERE reason = 'tampered'`.execute(t.db);
    expect(tampered.rows[0]?.n).toBe(0);
  });

  it('keeps rows of an actor whose account is gone, without a name', async () => {
    const gone = await t.factory.user({ name: 'Former Admin', roles: ['admin'] });
    const token = await t.loginAs(gone);
    const target = await t.factory.user();
    expect((await setRoles(target.id, ['moderator'], token)).statusCode).toBe(200);
    await t.db.deleteFrom('sessions').where('user_id', '=', gone.id).execute();
    await t.db.deleteFrom('users').where('id', '=', gone.id).execute();
    const [entry] = (await audit(`?actor=${gone.id}`)).items;
    expect(entry).toMatchObject({ actor: { id: gone.id, name: null }, actorRoles: ['user', 'admin'], target: { type: 'user', id: String(target.id) } });
  });

  it('filters by actor, action and target, and pages newest first with a cursor', async () => {
    const subjects = await Promise.all([1, 2, 3, 4, 5].map(() => t.factory.user()));
    for (const subject of subjects) expect((await setRoles(subject.id, ['moderator'], otherAdmin.token)).statusCode).toBe(200);

    const byActor = await audit(`?actor=${otherAdmin.id}&action=role_change`);
    expect(byActor.items.map((item) => item.target.id)).toEqual(subjects.map((s) => String(s.id)).reverse());
    expect(byActor.items.every((item) => item.actor.id === otherAdmin.id)).toBe(true);

    const first = await audit(`?actor=${otherAdmin.id}&limit=2`);
    expect(first.items).toHaveLength(2);
    const ids: number[] = first.items.map((item) => item.id);
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await audit(`?actor=${otherAdmin.id}&limit=2&cursor=${cursor}`);
      ids.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    }
    // 5 role changes and the certificate revocation, each once, newest first.
    expect(ids).toHaveLength(6);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    const byTarget = await audit(`?targetType=user&targetId=${subjects[2]!.id}`);
    expect(byTarget.items.map((item) => [item.action, item.target.id])).toEqual([['role_change', String(subjects[2]!.id)]]);
    expect((await audit('?action=certificate_revoke')).items.map((item) => item.action)).toEqual(['certificate_revoke']);
    // Empty filter fields of a form are "no filter".
    expect((await audit('?actor=&action=&targetType=&targetId=&limit=100')).items.length).toBeGreaterThanOrEqual(8);
  });

  it.each([
    ['?actor=rohan', 'actor'],
    ['?actor=-1', 'actor'],
    ['?action=delete_everything', 'action'],
    ['?targetType=planet', 'targetType'],
    [`?targetId=${'x'.repeat(101)}`, 'targetId'],
    ['?cursor=abc', 'cursor'],
    ['?limit=0', 'limit'],
    ['?limit=1000', 'limit'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit${query}`, headers: bearer(admin.token) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', field });
  });
});
