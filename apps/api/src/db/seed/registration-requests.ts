import { ROLE } from '@kampus/shared';
import type { Db } from '../client.js';
import { roleUser, USER_STATUS, users } from '../schema/index.js';

/** People who registered themselves on the demo host and wait for approval (/admin/requests/user). */
const PENDING = [
  { name: 'Elif', surname: 'Karaca', email: 'elif.karaca@example.com', phone: '+905321234567', language: 'tr' },
  { name: 'Murad', surname: 'Əliyev', email: 'murad.aliyev@example.com', phone: null, language: 'az' },
  { name: 'Jonas', surname: 'Becker', email: 'jonas.becker@example.com', phone: null, language: 'de' },
];

export async function seedRegistrationRequests(tx: Db, companyId: number, passwordHash: string): Promise<void> {
  const rows = await tx
    .insert(users)
    .values(
      PENDING.map((person, i) => ({
        ...person,
        companyId,
        passwordHash,
        status: USER_STATUS.pendingApproval,
        // One of them has opened the verification link already.
        emailVerifiedAt: i === 0 ? new Date() : null,
      })),
    )
    .returning({ id: users.id });
  await tx.insert(roleUser).values(rows.map((row) => ({ companyId, userId: row.id, roleId: ROLE.user })));
}
