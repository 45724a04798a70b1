import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';

const DAY = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Notes learners wrote, and reasons admins gave, per company language. */
const TEXTS = {
  tr: {
    notes: [
      'Yeni projemde bu konuda sorumluluk alacağım.',
      'Ekip liderim bu eğitimi almamı önerdi.',
      null,
      'Bu yıl kendimi bu alanda geliştirmek istiyorum.',
      'Müşteri görüşmelerinde daha etkili olmak istiyorum.',
    ],
    reasons: [
      'Bu dönem için kontenjan doldu; bir sonraki dönemde yeniden talep edebilirsiniz.',
      'Rolünüz için önce temel eğitimin tamamlanması gerekiyor.',
    ],
  },
  en: {
    notes: [
      'I will take on this topic in my new project.',
      'My team lead suggested I take this training.',
      null,
      'I would like to grow in this area this year.',
      'I want to be more effective in customer meetings.',
    ],
    reasons: [
      'This term is full; please ask again for the next one.',
      'Your role needs the basic training completed first.',
    ],
  },
} as const;

interface Row {
  [key: string]: unknown;
}

async function rows<T extends Row>(tx: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await tx.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/**
 * Training requests of one demo company (issue 14): two catalogue educations nobody is enrolled in become "on
 * request", and learners asked for them — some pending (the demo learner among them, so the education page shows
 * the state), some approved (each with its published assignment, as an approval makes it) and some rejected with a
 * reason. Runs after the educations seed.
 */
export async function seedTrainingRequests(tx: Db, companyId: number, language: 'tr' | 'en', learnerEmail: string) {
  const texts = TEXTS[language];
  const educations = await rows<{ id: number; title: string }>(
    tx,
    sql`select e.id, e.title from educations e
      where e.company_id = ${companyId} and e.status = 1 and e.visibility = 'catalogue'
      order by (select count(*) from education_enrolments en where en.education_id = e.id), e.id
      limit 2`,
  );
  if (educations.length === 0) return;
  await tx.execute(
    sql`update educations set visibility = 'request' where id in (${sql.join(
      educations.map((e) => sql`${e.id}`),
      sql`, `,
    )})`,
  );
  const [admin] = await rows<{ id: number }>(
    tx,
    sql`select u.id from users u join role_user ru on ru.user_id = u.id
      where u.company_id = ${companyId} and ru.role_id = 2 order by u.id limit 1`,
  );
  const [learner] = await rows<{ id: number }>(tx, sql`select id from users where email = ${learnerEmail}`);
  const people = await rows<{ id: number }>(
    tx,
    sql`select u.id from users u join role_user ru on ru.user_id = u.id
      where u.company_id = ${companyId} and u.status = 1 and ru.role_id = 3 and u.email <> ${learnerEmail}
        and not exists (select 1 from role_user r2 where r2.user_id = u.id and r2.role_id in (1, 2))
      order by u.id limit 9`,
  );
  const now = Date.now();
  const plan: { userId: number; education: { id: number; title: string }; status: string; daysAgo: number }[] = [];
  const [first, second] = educations as [{ id: number; title: string }, { id: number; title: string } | undefined];
  if (learner) plan.push({ userId: learner.id, education: first, status: 'pending', daysAgo: 2 });
  const statuses = [
    'pending',
    'pending',
    'approved',
    'rejected',
    'pending',
    'approved',
    'rejected',
    'pending',
    'approved',
  ];
  people.forEach((person, i) => {
    plan.push({
      userId: person.id,
      education: i % 2 === 0 || !second ? first : second,
      status: statuses[i] ?? 'pending',
      daysAgo: 3 + i * 2,
    });
  });
  for (const [i, item] of plan.entries()) {
    const createdAt = new Date(now - item.daysAgo * DAY);
    const decidedAt = item.status === 'pending' ? null : new Date(createdAt.getTime() + DAY);
    let assignmentId: number | null = null;
    if (item.status === 'approved' && decidedAt) {
      const [assignment] = await rows<{ id: number }>(
        tx,
        sql`insert into assignments (company_id, name, start_date, end_date, target_kind, reminder_days, published_at,
            created_by, created_at, updated_at)
          values (${companyId}, ${item.education.title}, ${dayOf(decidedAt)}, ${dayOf(new Date(decidedAt.getTime() + 30 * DAY))},
            'users', '[]'::jsonb, ${decidedAt}, ${admin?.id ?? null}, ${decidedAt}, ${decidedAt})
          returning id`,
      );
      assignmentId = assignment?.id ?? null;
      if (assignmentId !== null) {
        await tx.execute(sql`insert into assignment_items (company_id, assignment_id, type, ref_id, position)
          values (${companyId}, ${assignmentId}, 'education', ${item.education.id}, 0)`);
        await tx.execute(sql`insert into assignment_targets (company_id, assignment_id, kind, ref_id)
          values (${companyId}, ${assignmentId}, 'user', ${item.userId})`);
        await tx.execute(sql`insert into assignment_users (company_id, assignment_id, user_id, notified_at, created_at)
          values (${companyId}, ${assignmentId}, ${item.userId}, ${decidedAt}, ${decidedAt})`);
      }
    }
    await tx.execute(sql`insert into training_requests (company_id, education_id, user_id, status, note, reason,
        assignment_id, decided_by, decided_at, created_at, updated_at)
      values (${companyId}, ${item.education.id}, ${item.userId}, ${item.status}, ${texts.notes[i % texts.notes.length] ?? null},
        ${item.status === 'rejected' ? texts.reasons[i % texts.reasons.length] : null}, ${assignmentId},
        ${decidedAt ? (admin?.id ?? null) : null}, ${decidedAt}, ${createdAt}, ${decidedAt ?? createdAt})`);
  }
}
