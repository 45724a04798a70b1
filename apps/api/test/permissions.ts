import type { Permission } from '@kampus/shared';
import { inArray } from 'drizzle-orm';
import { permissions, rolePermissions, roles, roleUser } from '../src/db/schema/index.js';
import { asSystem } from '../src/db/scope.js';
import type { CompanyRow } from './factories.js';
import { login, type TestApp } from './helpers.js';

/** A learner of the company with one more role (made for them) holding exactly the permissions given, signed in. */
export async function tokenWithPermissions(test: TestApp, company: CompanyRow, names: Permission[]): Promise<string> {
  const user = await test.factories.createUser(company);
  await asSystem(test.db, async (tx) => {
    const [role] = await tx
      .insert(roles)
      .values({ companyId: company.id, name: `Only ${names.join(' ')} ${user.id}` })
      .returning();
    if (!role) throw new Error('role not created');
    const rows = names.length > 0 ? await tx.select().from(permissions).where(inArray(permissions.name, names)) : [];
    if (rows.length > 0) {
      await tx
        .insert(rolePermissions)
        .values(rows.map((permission) => ({ companyId: company.id, roleId: role.id, permissionId: permission.id })));
    }
    await tx.insert(roleUser).values({ companyId: company.id, userId: user.id, roleId: role.id });
  });
  return (await login(test.app, company, user.email ?? '')).access_token;
}
