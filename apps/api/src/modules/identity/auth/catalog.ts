import { BUILT_IN_ROLES, PERMISSIONS, ROLE } from '@kampus/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { permissions, roles } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

/**
 * Makes the database's permission catalogue and built-in roles match @kampus/shared, at every start: new permission
 * names appear, and the admin role holds every permission (the super admin holds all by its role id).
 */
export async function syncAccessCatalog(db: Db): Promise<void> {
  await asSystem(db, async (tx) => {
    await tx
      .insert(permissions)
      .values(PERMISSIONS.map((name) => ({ name })))
      .onConflictDoNothing();
    await tx
      .insert(roles)
      .values(BUILT_IN_ROLES.map((role) => ({ id: role.id, name: role.name, companyId: null })))
      .onConflictDoNothing();
    await tx.execute(sql`
      insert into role_permissions (company_id, role_id, permission_id)
      select null, ${ROLE.admin}, id from permissions
      on conflict do nothing`);
  });
}
