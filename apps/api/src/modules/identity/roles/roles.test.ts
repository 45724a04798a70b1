import { groupPermissions, ROLE } from '@kampus/shared';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { call, createTestApp, hostOf, login, type TestApp } from '../../../../test/helpers.js';
import { auditLogs, roles } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('admin roles and the permission catalogue', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let admin: UserRow;
  let learner: UserRow;
  let adminToken: string;
  let learnerToken: string;
  let superToken: string;
  let outsiderRoleId: number;

  beforeAll(async () => {
    test = await createTestApp();
    const f = test.factories;
    company = await f.createCompany();
    other = await f.createCompany();
    admin = await f.createAdmin(company);
    learner = await f.createUser(company);
    const superAdmin = await f.createSuperAdmin(company);
    adminToken = (await login(test.app, company, admin.email!)).access_token;
    learnerToken = (await login(test.app, company, learner.email!)).access_token;
    superToken = (await login(test.app, company, superAdmin.email!)).access_token;
    outsiderRoleId = (await f.createRole(other, { name: 'Dış Rol' })).id;
  });
  afterAll(() => test.close());

  const as = (
    token: string | undefined,
    method: Method,
    url: string,
    options: { body?: unknown; query?: Record<string, string>; lang?: string } = {},
  ) =>
    call(test.app, method, url, {
      host: hostOf(company),
      token,
      body: options.body,
      query: options.query,
      headers: options.lang ? { 'x-content-language': options.lang } : {},
    });

  const createRole = async (name: string, permissions: string[]) => {
    const response = await as(adminToken, 'POST', '/api/admin/roles', { body: { name, permissions } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; name: string; permissions: string[] };
  };

  const actions = (id: number): [Method, string, unknown?][] => [
    ['GET', '/api/admin/roles'],
    ['GET', `/api/admin/roles/${id}`],
    ['POST', '/api/admin/roles', { name: 'Guard', permissions: [] }],
    ['PUT', `/api/admin/roles/${id}`, { name: 'Changed' }],
    ['POST', `/api/admin/roles/${id}`, { name: 'Changed' }],
    ['DELETE', `/api/admin/roles/${id}`],
    ['GET', '/api/admin/permissions'],
  ];

  it('answers 401 without a session and 403 without the role permissions', async () => {
    const role = await createRole('Guarded', []);
    for (const [method, url, body] of actions(role.id)) {
      expect((await as(undefined, method, url, { body })).statusCode, `${method} ${url}`).toBe(401);
      expect((await as(learnerToken, method, url, { body })).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await as(adminToken, 'GET', `/api/admin/roles/${role.id}`)).json().data.name).toBe('Guarded');
  });

  it('gives read_role the list but not the changes, which need create_role', async () => {
    const reader = await createRole('Okuyucu', ['read_role']);
    const user = await test.factories.createUser(company, { roles: [reader.id] });
    const token = (await login(test.app, company, user.email!)).access_token;
    expect((await as(token, 'GET', '/api/admin/roles')).statusCode).toBe(200);
    expect((await as(token, 'GET', `/api/admin/roles/${reader.id}`)).statusCode).toBe(200);
    expect((await as(token, 'POST', '/api/admin/roles', { body: { name: 'X', permissions: [] } })).statusCode).toBe(
      403,
    );
    expect((await as(token, 'DELETE', `/api/admin/roles/${reader.id}`)).statusCode).toBe(403);
    expect((await as(token, 'GET', '/api/admin/permissions')).statusCode).toBe(403);
  });

  it("answers 404 for another company's role on every action and never leaks it", async () => {
    for (const [method, url, body] of actions(outsiderRoleId).filter(([, url]) =>
      url.includes(String(outsiderRoleId)),
    )) {
      const response = await as(adminToken, method, url, { body });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.body).not.toContain('Dış Rol');
    }
    const list = await as(superToken, 'GET', '/api/admin/roles', { query: { per_page: '100' } });
    expect(list.body).not.toContain('Dış Rol');
    const [row] = await asSystem(test.db, (tx) => tx.select().from(roles).where(eq(roles.id, outsiderRoleId)));
    expect(row?.name).toBe('Dış Rol');
  });

  it('lists the built-ins read-only with the company roles, hiding super admin from a company admin', async () => {
    const own = await createRole('Eğitmen', ['show_training', 'read_training']);
    const list = await as(adminToken, 'GET', '/api/admin/roles', { query: { per_page: '100' } });
    expect(list.statusCode).toBe(200);
    const data = list.json().data as { id: number; built_in: boolean; users_count: number }[];
    expect(data.map((r) => r.id)).not.toContain(ROLE.superAdmin);
    expect(data.find((r) => r.id === ROLE.admin)).toMatchObject({ built_in: true, users_count: 2 });
    expect(data.find((r) => r.id === own.id)).toMatchObject({
      built_in: false,
      permissions: ['show_training', 'read_training'],
      users_count: 0,
    });
    expect((await as(adminToken, 'GET', `/api/admin/roles/${ROLE.superAdmin}`)).statusCode).toBe(404);
    const superList = await as(superToken, 'GET', '/api/admin/roles', { query: { per_page: '100' } });
    expect(superList.json().data.map((r: { id: number }) => r.id)).toContain(ROLE.superAdmin);

    const found = await as(adminToken, 'GET', '/api/admin/roles', { query: { search: 'EĞİTMEN' } });
    expect(found.json()).toMatchObject({ data: [{ id: own.id }], meta: { total: 1 } });
    const paged = await as(adminToken, 'GET', '/api/admin/roles', { query: { per_page: '1', page: '2', sort: 'id' } });
    expect(paged.json().data.map((r: { id: number }) => r.id)).toEqual([ROLE.user]);
  });

  it('refuses to change or delete a built-in role with a localized 422', async () => {
    for (const [method, body] of [
      ['PUT', { name: 'Hacked', permissions: [] }],
      ['POST', { permissions: [] }],
      ['DELETE', undefined],
    ] as const) {
      const response = await as(adminToken, method, `/api/admin/roles/${ROLE.admin}`, { body, lang: 'en' });
      expect(response.statusCode, method).toBe(422);
      expect(response.json().message).toMatch(/built-in/i);
    }
    const after = await as(adminToken, 'GET', `/api/admin/roles/${ROLE.admin}`);
    expect(after.json().data).toMatchObject({ name: 'admin', built_in: true });
    expect(after.json().data.permissions).toContain('create_role');
  });

  it('validates the body: name required and unique in the company, permissions from the catalogue', async () => {
    await createRole('Benzersiz', []);
    const dup = await as(adminToken, 'POST', '/api/admin/roles', { body: { name: 'benzersiz', permissions: [] } });
    expect(dup.statusCode).toBe(422);
    expect(Object.keys(dup.json().errors)).toEqual(['name']);
    const bad = await as(adminToken, 'POST', '/api/admin/roles', {
      body: { name: '', permissions: ['drop_everything'] },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'permissions.0']);
    const same = await as(superToken, 'POST', '/api/admin/roles', { body: { name: 'Dış Rol', permissions: [] } });
    expect(same.statusCode).toBe(201);
  });

  it('updates and deletes a company role, auditing each change', async () => {
    const role = await createRole('Geçici', ['read_faq']);
    const updated = await as(adminToken, 'PUT', `/api/admin/roles/${role.id}`, {
      body: { name: 'Kalıcı', permissions: ['read_faq', 'create_faq'] },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Kalıcı', permissions: ['read_faq', 'create_faq'] });
    const removed = await as(adminToken, 'DELETE', `/api/admin/roles/${role.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await as(adminToken, 'GET', `/api/admin/roles/${role.id}`)).statusCode).toBe(404);
    const entries = await asSystem(test.db, (tx) =>
      tx.select().from(auditLogs).where(eq(auditLogs.entityId, role.id)).orderBy(desc(auditLogs.id)),
    );
    expect(entries.filter((e) => e.entityType === 'role').map((e) => e.action)).toEqual([
      'role.deleted',
      'role.updated',
      'role.created',
    ]);
    expect(entries[1]).toMatchObject({
      companyId: company.id,
      actorUserId: admin.id,
      before: expect.objectContaining({ name: 'Geçici' }),
      after: expect.objectContaining({ name: 'Kalıcı' }),
    });
  });

  it('gives a user assigned a two-permission role exactly those permissions in the session', async () => {
    const role = await createRole('Rapor ve SSS', ['read_report', 'read_faq']);
    const person = await test.factories.createUser(company, { roles: [] });
    const assigned = await as(adminToken, 'PUT', `/api/admin/users/${person.id}`, { body: { role_ids: [role.id] } });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const session = await login(test.app, company, person.email!);
    expect(session.roles.map((r) => r.id)).toEqual([role.id]);
    expect(session.roles[0]?.permissions.map((p) => p.name).sort()).toEqual(['read_faq', 'read_report']);
    const counted = await as(adminToken, 'GET', `/api/admin/roles/${role.id}`);
    expect(counted.json().data.users_count).toBe(1);
  });

  it('serves the permission catalogue grouped by area', async () => {
    const response = await as(adminToken, 'GET', '/api/admin/permissions');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: groupPermissions() });
    expect(response.json().data[0]).toEqual({ area: 'users', permissions: ['show_user'] });
  });
});
