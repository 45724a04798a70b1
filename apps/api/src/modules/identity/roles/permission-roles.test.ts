import { type Permission, ROLE } from '@kampus/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../../test/factories.js';
import { call, createTestApp, hostOf, login, type TestApp } from '../../../../test/helpers.js';
import { permissions, rolePermissions, roleUser } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

type Role = { id: number; name: string; built_in: boolean; permissions: string[] };

describe('PUT api/admin/permissions/{name}/roles', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let adminToken: string;

  const createRole = (target: CompanyRow, name: string, grants: Permission[] = []) =>
    test.factories.createRole(target, { name, permissions: grants });
  const grantsOf = (roleId: number) =>
    asSystem(test.db, (tx) =>
      tx
        .select({ name: permissions.name })
        .from(rolePermissions)
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .where(eq(rolePermissions.roleId, roleId))
        .then((rows) => rows.map((r) => r.name).sort()),
    );
  const put = (token: string, name: string, body: unknown, lang = 'tr') =>
    call(test.app, 'PUT', `/api/admin/permissions/${name}/roles`, {
      host: hostOf(company),
      token,
      body,
      headers: { 'x-content-language': lang },
    });

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    adminToken = (await login(test.app, company, (await test.factories.createAdmin(company)).email!)).access_token;
  });
  afterAll(() => test.close());

  it('answers 401 without a session and 403 without create_role', async () => {
    expect(
      (
        await call(test.app, 'PUT', '/api/admin/permissions/read_faq/roles', {
          host: hostOf(company),
          body: { role_ids: [] },
        })
      ).statusCode,
    ).toBe(401);
    const reader = await test.factories.createUser(company);
    const readerRole = await createRole(company, 'Reader', ['read_role', 'read_permission']);
    await asSystem(test.db, (tx) =>
      tx.insert(roleUser).values({ companyId: company.id, userId: reader.id, roleId: readerRole.id }),
    );
    const token = (await login(test.app, company, reader.email!)).access_token;
    expect((await put(token, 'read_faq', { role_ids: [readerRole.id] })).statusCode).toBe(403);
    expect(await grantsOf(readerRole.id)).toEqual(['read_permission', 'read_role']);
  });

  it('makes exactly the given company roles hold the permission, audits each changed role, leaves the rest', async () => {
    const editors = await createRole(company, 'Editors', ['read_faq', 'show_user']);
    const writers = await createRole(company, 'Writers', ['create_faq']);
    const bystanders = await createRole(company, 'Bystanders', ['show_user']);
    const response = await put(adminToken, 'read_faq', { role_ids: [writers.id, bystanders.id, writers.id] });
    expect(response.statusCode).toBe(200);
    const holders = (response.json().data as Role[]).filter((r) => r.permissions.includes('read_faq')).map((r) => r.id);
    expect(holders).toEqual([ROLE.admin, writers.id, bystanders.id]);
    expect(await grantsOf(editors.id)).toEqual(['show_user']);
    expect(await grantsOf(writers.id)).toEqual(['create_faq', 'read_faq']);
    expect(await grantsOf(bystanders.id)).toEqual(['read_faq', 'show_user']);
    expect((await test.factories.auditOf('role', editors.id))[0]).toMatchObject({
      action: 'role.updated',
      before: { permissions: ['show_user', 'read_faq'] },
      after: { permissions: ['show_user'] },
    });
    expect((await test.factories.auditOf('role', writers.id))[0]).toMatchObject({ action: 'role.updated' });
    // A second identical save changes (and audits) nothing.
    await put(adminToken, 'read_faq', { role_ids: [writers.id, bystanders.id] });
    expect(await test.factories.auditOf('role', writers.id)).toHaveLength(1);
  });

  it("refuses a built-in role or another company's role with 422, an unknown permission with 404, changing nothing", async () => {
    const mine = await createRole(company, 'Mine');
    const theirs = await createRole(other, 'Theirs');
    for (const ids of [[mine.id, ROLE.admin], [mine.id, theirs.id], [ROLE.user]]) {
      const response = await put(adminToken, 'read_report', { role_ids: ids }, 'en');
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['role_ids']);
    }
    expect(await grantsOf(mine.id)).toEqual([]);
    expect(await grantsOf(theirs.id)).toEqual([]);
    const [userRoleGrants] = await asSystem(test.db, (tx) =>
      tx
        .select()
        .from(rolePermissions)
        .where(and(eq(rolePermissions.roleId, ROLE.user))),
    );
    expect(userRoleGrants).toBeUndefined();
    expect((await put(adminToken, 'make_coffee', { role_ids: [] })).statusCode).toBe(404);
    expect((await put(adminToken, 'read_report', { role_ids: ['x'] })).statusCode).toBe(422);
    expect((await put(adminToken, 'read_report', {})).statusCode).toBe(422);
  });
});
