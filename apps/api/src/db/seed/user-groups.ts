import { EMPTY_USER_GROUP_RULES } from '@kampus/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import { userGroupMembers, userGroups, users } from '../schema/index.js';

/** The demo company's user groups: one listed by hand, two made of rules over the seeded people's details. */
export async function seedUserGroups(tx: Db, companies: { demo: number }): Promise<void> {
  const companyId = companies.demo;
  const managers = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.title, ['Müdür', 'Takım Lideri'])))
    .orderBy(asc(users.id))
    .limit(12);
  const [listed] = await tx
    .insert(userGroups)
    .values([
      {
        companyId,
        name: 'Yönetici Gelişim Programı',
        description: 'Liderlik eğitimlerine katılan müdürler ve takım liderleri.',
        kind: 'static',
      },
      {
        companyId,
        name: 'İstanbul ve Ankara ofisleri',
        description: 'İki büyük ofiste çalışan herkes.',
        kind: 'rule',
        rules: { ...EMPTY_USER_GROUP_RULES, locations: ['İstanbul', 'Ankara'] },
      },
      {
        companyId,
        name: 'Satış ekibi (2020 sonrası)',
        description: '2020 ve sonrasında işe başlayan satış çalışanları.',
        kind: 'rule',
        rules: { ...EMPTY_USER_GROUP_RULES, departments: ['Satış'], hired_from: '2020-01-01' },
      },
    ])
    .returning({ id: userGroups.id });
  if (!listed || managers.length === 0) return;
  await tx
    .insert(userGroupMembers)
    .values(managers.map(({ id: userId }) => ({ companyId, groupId: listed.id, userId })));
}
