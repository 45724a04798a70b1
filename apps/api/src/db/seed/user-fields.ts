import type { UserCustomField } from '@kampus/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { companySettings, users } from '../schema/index.js';

/** The demo company's own user fields, labelled in the four languages. */
const DEMO_FIELDS: UserCustomField[] = [
  {
    key: 'cost_center',
    label: { tr: 'Masraf merkezi', en: 'Cost centre', az: 'Xərc mərkəzi', de: 'Kostenstelle' },
  },
  { key: 'grade', label: { tr: 'Kademe', en: 'Employee grade', az: 'Dərəcə', de: 'Entgeltstufe' } },
  { key: 'shift', label: { tr: 'Vardiya', en: 'Shift', az: 'Növbə', de: 'Schicht' } },
];
const COST_CENTERS = ['MM-100 Genel Müdürlük', 'MM-210 Satış', 'MM-320 Operasyon', 'MM-450 Bilgi Teknolojileri'];
const GRADES = ['A1', 'A2', 'B1', 'B2', 'C1'];
const SHIFTS = ['Gündüz', 'Akşam', 'Gece'];

/** Defines the demo company's user fields and fills them for most of its seeded learners (some left empty). */
export async function seedUserFields(tx: Db, companyId: number): Promise<void> {
  await tx.insert(companySettings).values({ companyId, key: 'user_custom_fields', value: DEMO_FIELDS });
  const people = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), sql`${users.department} is not null`))
    .orderBy(asc(users.id));
  for (const [i, person] of people.entries()) {
    if (i % 5 === 4) continue;
    const values: Record<string, string> = {
      cost_center: COST_CENTERS[i % COST_CENTERS.length] as string,
      grade: GRADES[i % GRADES.length] as string,
      ...(i % 3 === 0 ? {} : { shift: SHIFTS[i % SHIFTS.length] as string }),
    };
    await tx.update(users).set({ customFields: values }).where(eq(users.id, person.id));
  }
}
