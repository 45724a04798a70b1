import { groupPermissions, ROLE, rolesContract } from '@kampus/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import { companyCaller, createTestApp, login, type TestApp } from '../../../../test/helpers.js';
import { tokenWithPermissions } from '../../../../test/permissions.js';
import { describeResourceContract } from '../../../../test/resource-contract.js';
import { roles } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

// 401/403 on every action, read_role reading but not changing, 404 for another company's role, 422, the audit trail,
// and no bulk or export (the contract goes without them).
describeResourceContract({
  plural: 'roles',
  entity: 'role',
  permissions: { read: 'read_role', write: 'create_role' },
  create: (n) => ({ name: `Rol ${n}`, permissions: ['read_faq'] }),
  update: { name: 'Yeniden adlandırıldı', permissions: ['read_faq', 'create_faq'] },
  invalid: { body: { name: '', permissions: [] }, field: 'name' },
  without: rolesContract.without,
});

describe('admin roles: the built-ins, the rules of a role and the permission catalogue', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let admin: UserRow;
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
    const learner = await f.createUser(company);
    const superAdmin = await f.createSuperAdmin(company);
    adminToken = (await login(test.app, company, admin.email!)).access_token;
    learnerToken = (await login(test.app, company, learner.email!)).access_token;
    superToken = (await login(test.app, company, superAdmin.email!)).access_token;
    outsiderRoleId = (await f.createRole(other, { name: 'Dış Rol' })).id;
  });
  afterAll(() => test.close());

  const as = companyCaller(() => ({ app: test.app, company }));

  const createRole = async (name: string, permissions: string[]) => {
    const response = await as(adminToken, 'POST', '/api/admin/roles', { body: { name, permissions } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; name: string; permissions: string[] };
  };

  it("never shows another company's role, not even to a super admin, and leaves it as it was", async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await as(adminToken, method, `/api/admin/roles/${outsiderRoleId}`, {
        body: method === 'PUT' ? { name: 'Hacked' } : undefined,
      });
      expect(response.statusCode, method).toBe(404);
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
    expect(list.json().meta.total).toBe(data.length);
    expect((await as(adminToken, 'GET', `/api/admin/roles/${ROLE.superAdmin}`)).statusCode).toBe(404);
    const superList = await as(superToken, 'GET', '/api/admin/roles', { query: { per_page: '100' } });
    expect(superList.json().data.map((r: { id: number }) => r.id)).toContain(ROLE.superAdmin);
    expect((await as(superToken, 'GET', `/api/admin/roles/${ROLE.superAdmin}`)).statusCode).toBe(200);

    const found = await as(adminToken, 'GET', '/api/admin/roles', { query: { search: 'EĞİTMEN' } });
    expect(found.json()).toMatchObject({ data: [{ id: own.id }], meta: { total: 1 } });
    const paged = await as(adminToken, 'GET', '/api/admin/roles', { query: { per_page: '1', page: '2', sort: 'id' } });
    expect(paged.json().data.map((r: { id: number }) => r.id)).toEqual([ROLE.user]);
  });

  it('sorts by name ignoring case, so the built-ins sit among the company roles', async () => {
    await createRole('Bakım', []);
    await createRole('Zabıta', []);
    const list = await as(adminToken, 'GET', '/api/admin/roles', { query: { per_page: '100', sort: 'name' } });
    const names = (list.json().data as { name: string }[]).map((r) => r.name);
    expect(names.indexOf('admin')).toBeLessThan(names.indexOf('Bakım'));
    expect(names.indexOf('Bakım')).toBeLessThan(names.indexOf('user'));
    expect(names.indexOf('user')).toBeLessThan(names.indexOf('Zabıta'));
    const reversed = await as(adminToken, 'GET', '/api/admin/roles', { query: { per_page: '100', sort: '-name' } });
    expect((reversed.json().data as { name: string }[]).map((r) => r.name)).toEqual([...names].reverse());
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
      expect(Object.keys(response.json().errors)).toEqual(['id']);
    }
    // Even a name another role holds: the built-in is refused first.
    await createRole('Çakışan', []);
    const clash = await as(adminToken, 'PUT', `/api/admin/roles/${ROLE.user}`, { body: { name: 'çakışan' } });
    expect(clash.json().message).toMatch(/yerleşik/i);
    const after = await as(adminToken, 'GET', `/api/admin/roles/${ROLE.admin}`);
    expect(after.json().data).toMatchObject({ name: 'admin', built_in: true });
    expect(after.json().data.permissions).toContain('create_role');
    expect(await test.factories.auditOf('role', ROLE.admin)).toEqual([]);
  });

  it('validates the body: name unique in the company ignoring case, permissions from the catalogue', async () => {
    await createRole('Benzersiz', []);
    const dup = await as(adminToken, 'POST', '/api/admin/roles', { body: { name: 'BENZERSİZ', permissions: [] } });
    expect(dup.statusCode).toBe(422);
    expect(Object.keys(dup.json().errors)).toEqual(['name']);
    const bad = await as(adminToken, 'POST', '/api/admin/roles', {
      body: { name: '', permissions: ['drop_everything'] },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'permissions.0']);
    // Another company's name, and a built-in's, are free to take.
    for (const name of ['Dış Rol', 'admin']) {
      const same = await as(superToken, 'POST', '/api/admin/roles', { body: { name, permissions: [] } });
      expect(same.statusCode, name).toBe(201);
    }
  });

  it('updates a company role, its permissions replaced, auditing the role before and after', async () => {
    const role = await createRole('Geçici', ['read_faq']);
    const renamed = await as(adminToken, 'PUT', `/api/admin/roles/${role.id}`, { body: { name: 'Kalıcı' } });
    expect(renamed.json().data).toMatchObject({ name: 'Kalıcı', permissions: ['read_faq'] });
    const updated = await as(adminToken, 'POST', `/api/admin/roles/${role.id}`, {
      body: { permissions: ['create_faq', 'read_report'] },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Kalıcı', permissions: ['read_report', 'create_faq'] });
    const [last] = await test.factories.auditOf('role', role.id);
    expect(last).toMatchObject({
      action: 'role.updated',
      companyId: company.id,
      actorUserId: admin.id,
      before: expect.objectContaining({ name: 'Kalıcı', permissions: ['read_faq'] }),
      after: expect.objectContaining({ permissions: ['read_report', 'create_faq'] }),
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
    // Deleting the role takes it from its people.
    expect((await as(adminToken, 'DELETE', `/api/admin/roles/${role.id}`)).statusCode).toBe(200);
    const holder = await as(adminToken, 'GET', `/api/admin/users/${person.id}`);
    expect(holder.json().data.roles).toEqual([]);
  });

  it('serves the permission catalogue grouped by area, to read_permission only', async () => {
    const response = await as(adminToken, 'GET', '/api/admin/permissions');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: groupPermissions() });
    expect(response.json().data[0]).toEqual({ area: 'users', permissions: ['show_user'] });
    expect((await as(undefined, 'GET', '/api/admin/permissions')).statusCode).toBe(401);
    expect((await as(learnerToken, 'GET', '/api/admin/permissions')).statusCode).toBe(403);
    const roleReader = await tokenWithPermissions(test, company, ['read_role']);
    expect((await as(roleReader, 'GET', '/api/admin/permissions')).statusCode).toBe(403);
    const catalogueReader = await tokenWithPermissions(test, company, ['read_permission']);
    expect((await as(catalogueReader, 'GET', '/api/admin/permissions')).statusCode).toBe(200);
  });
});
