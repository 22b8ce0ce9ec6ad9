import type { AdminUsersPage, User, UserRoles } from '@saathi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, build, signedInUser } from '../../../test/build';

const t = build();

const admin = signedInUser(t, { name: 'Rohan Admin', roles: ['admin'] });
const editor = signedInUser(t, { name: 'Tejas Editor', roles: ['editor'] });
const plain = signedInUser(t, { name: 'Priya Plain' });

const setRoles = (id: number, payload: unknown, token?: string) =>
  t.app.inject({ method: 'PUT', url: `/api/users/${id}/roles`, payload: payload as object, ...(token ? { headers: bearer(token) } : {}) });
const findUsers = (query: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/admin/users${query}`, ...(token ? { headers: bearer(token) } : {}) });
const me = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).json<User>();

/** Every admin-only call, each with a well-formed and a malformed request. */
const ADMIN_CALLS = [
  {
    name: 'PUT /users/:id/roles',
    good: () => ({ method: 'PUT' as const, url: `/api/users/${plain.id}/roles`, payload: { roles: ['editor'] } }),
    bad: () => ({ method: 'PUT' as const, url: '/api/users/not-an-id/roles', payload: { roles: 'everything', extra: 1 } }),
  },
  {
    name: 'GET /admin/users',
    good: () => ({ method: 'GET' as const, url: '/api/admin/users?query=Pri' }),
    bad: () => ({ method: 'GET' as const, url: `/api/admin/users?cursor=nonsense&query=${'x'.repeat(200)}` }),
  },
  {
    name: 'GET /admin/audit',
    good: () => ({ method: 'GET' as const, url: '/api/admin/audit' }),
    bad: () => ({ method: 'GET' as const, url: '/api/admin/audit?action=steal&limit=0' }),
  },
  {
    name: 'GET /admin/status',
    good: () => ({ method: 'GET' as const, url: '/api/admin/status' }),
    bad: () => ({ method: 'GET' as const, url: '/api/admin/status?window=-1&channel[]=x' }),
  },
  {
    name: 'POST /certificates/:code/revoke',
    good: () => ({ method: 'POST' as const, url: '/api/certificates/ABCDEFGHJKLM/revoke' }),
    bad: () => ({ method: 'POST' as const, url: '/api/certificates/not-a-code/revoke', payload: { why: 1 } }),
  },
];

describe('who may manage roles', () => {
  it.each(ADMIN_CALLS)('$name: 401 without a token, 403 for a plain user and an editor, even with a malformed request', async (call) => {
    for (const request of [call.good(), call.bad()]) {
      const anonymous = await t.app.inject(request);
      expect(anonymous.statusCode, `${request.url} anonymous`).toBe(401);
      expect(anonymous.json().error.code).toBe('unauthorized');
      for (const caller of [plain, editor]) {
        const refused = await t.app.inject({ ...request, headers: bearer(caller.token) });
        // The role is checked before the input: a stranger learns nothing about its shape.
        expect(refused.statusCode, `${request.url} by user ${caller.id}`).toBe(403);
        expect(refused.json().error.code).toBe('forbidden');
      }
    }
  });

  it('tells an admin what was wrong with the input, naming the field', async () => {
    const badBody = await setRoles(plain.id, { roles: ['owner'] }, admin.token);
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().error).toMatchObject({ code: 'validation_error', field: 'roles.0' });
    const extraKey = await setRoles(plain.id, { roles: [], role: 'admin' }, admin.token);
    expect(extraKey.statusCode).toBe(400);
    expect(extraKey.json().error.code).toBe('validation_error');
    expect((await setRoles(plain.id, {}, admin.token)).json().error.field).toBe('roles');
  });
});

describe('granting and revoking roles', () => {
  it('grants a role that applies from the next request, and revokes it again', async () => {
    const member = await t.factory.user({ name: 'Swati Member' });
    const token = await t.loginAs(member);
    expect((await me(token)).roles).toEqual(['user']);
    const before = await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: bearer(token) });
    expect(before.statusCode).toBe(403);

    const granted = await setRoles(member.id, { roles: ['moderator', 'editor', 'editor'] }, admin.token);
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json<UserRoles>()).toEqual({ id: member.id, roles: ['user', 'editor', 'moderator'] });
    // The same session sees the new roles at once: they are read on every request.
    expect((await me(token)).roles).toEqual(['user', 'editor', 'moderator']);
    // Editor and moderator are not admin.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: bearer(token) })).statusCode).toBe(403);

    const revoked = await setRoles(member.id, { roles: ['user'] }, admin.token);
    expect(revoked.json<UserRoles>()).toEqual({ id: member.id, roles: ['user'] });
    expect((await me(token)).roles).toEqual(['user']);
    const row = await t.db.selectFrom('users').select('roles').where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(row.roles).toEqual([]);
  });

  it('makes a new admin who may then act as one', async () => {
    const member = await t.factory.user({ name: 'New Admin' });
    const token = await t.loginAs(member);
    expect((await setRoles(member.id, { roles: ['admin'] }, admin.token)).statusCode).toBe(200);
    const page = await findUsers('?query=New', token);
    expect(page.statusCode).toBe(200);
    expect((await me(token)).roles).toEqual(['user', 'admin']);
    expect((await setRoles(member.id, { roles: [] }, admin.token)).json<UserRoles>().roles).toEqual(['user']);
  });

  it('answers 404 for a user that does not exist', async () => {
    const res = await setRoles(2_000_000_000, { roles: ['editor'] }, admin.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('user_not_found');
  });

  it('keeps the last admin an admin (409 last_admin), and lets one go when another remains', async () => {
    // Only the admins of this file's database: the first admin and one more made here.
    const admins = await t.db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.val('admin'), '=', eb.fn.any('roles')))
      .execute();
    expect(admins.map((row) => row.id)).toEqual([admin.id]);

    const alone = await setRoles(admin.id, { roles: ['editor'] }, admin.token);
    expect(alone.statusCode).toBe(409);
    expect(alone.json().error).toMatchObject({ code: 'last_admin', field: 'roles' });
    expect((await me(admin.token)).roles).toEqual(['user', 'admin']);

    const second = await t.factory.user({ name: 'Second Admin', roles: ['admin'] });
    const secondToken = await t.loginAs(second);
    const stepDown = await setRoles(admin.id, { roles: ['editor'] }, secondToken);
    expect(stepDown.statusCode, stepDown.body).toBe(200);
    expect(stepDown.json<UserRoles>().roles).toEqual(['user', 'editor']);
    // Now the second admin is the last one, and cannot drop the role either.
    expect((await setRoles(second.id, { roles: [] }, secondToken)).json().error.code).toBe('last_admin');
    expect((await setRoles(admin.id, { roles: ['admin'] }, secondToken)).statusCode).toBe(200);
  });

  it('does not change or record anything when the roles stay the same', async () => {
    const member = await t.factory.user({ roles: ['editor'] });
    const count = async () =>
      (
        await t.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    expect((await setRoles(member.id, { roles: ['user', 'editor'] }, admin.token)).json<UserRoles>().roles).toEqual(['user', 'editor']);
    expect(await count()).toBe(before);
  });
});

describe('finding users to grant roles to', () => {
  const people: { id: number }[] = [];
  beforeAll(async () => {
    people.push(await t.factory.user({ name: 'Zubin Mistry', phoneNumber: '7012345678', roles: ['moderator'] }));
    people.push(await t.factory.user({ name: 'Anaya Zubin Shah', phoneNumber: '7012345679' }));
    people.push(await t.factory.user({ name: 'Rahul 50%_off', phoneNumber: '7099999999' }));
  });

  it('finds by the start of the name or of a word in it, in any case, with roles', async () => {
    const res = await findUsers('?query=zub', admin.token);
    expect(res.statusCode).toBe(200);
    const page = res.json<AdminUsersPage>();
    expect(page.items).toEqual([
      { id: people[0]!.id, name: 'Zubin Mistry', phoneNumber: '7012345678', roles: ['user', 'moderator'] },
      { id: people[1]!.id, name: 'Anaya Zubin Shah', phoneNumber: '7012345679', roles: ['user'] },
    ]);
    expect(page.nextCursor).toBeNull();
    expect((await findUsers('?query=ubin', admin.token)).json<AdminUsersPage>().items).toEqual([]);
    // Wildcards are letters.
    expect((await findUsers(`?query=${encodeURIComponent('50%_')}`, admin.token)).json<AdminUsersPage>().items.map((u) => u.id)).toEqual([people[2]!.id]);
    expect((await findUsers(`?query=${encodeURIComponent('%')}`, admin.token)).json<AdminUsersPage>().items).toEqual([]);
  });

  it('finds by the start of the phone number, with or without +91', async () => {
    for (const query of ['7012345', '+91 70123 45', '917012345678']) {
      const ids = (await findUsers(`?query=${encodeURIComponent(query)}`, admin.token)).json<AdminUsersPage>().items.map((u) => u.id);
      expect(ids, query).toEqual(query === '917012345678' ? [people[0]!.id] : [people[0]!.id, people[1]!.id]);
    }
  });

  it('pages through everyone with the cursor', async () => {
    for (let i = 0; i < 22; i++) await t.factory.user({ name: `Paged Person ${i}` });
    const first = (await findUsers('?query=paged', admin.token)).json<AdminUsersPage>();
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = (await findUsers(`?query=paged&cursor=${first.nextCursor}`, admin.token)).json<AdminUsersPage>();
    expect(second.items.map((u) => u.name)).toEqual(['Paged Person 20', 'Paged Person 21']);
    expect(second.nextCursor).toBeNull();
    const bad = await findUsers('?cursor=abc', admin.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('cursor');
  });
});
