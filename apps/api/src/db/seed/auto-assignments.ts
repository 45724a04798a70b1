import { EMPTY_AUTO_ASSIGNMENT_CONDITIONS } from '@kampus/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { EDUCATIONS } from './educations-data.js';

const DAY = 24 * 3600 * 1000;
/** The rule was switched on this many days ago; its people joined since, each due 14 days after joining. */
const ACTIVE_FOR_DAYS = 30;
const DUE_DAYS = 14;
/** Days since each matched person joined: one long overdue, one due soon, two recent. */
const JOINED_DAYS_AGO = [21, 10, 4, 1];

const RULE_NAME = { tr: 'Yeni başlayanlar için oryantasyon', en: 'Onboarding for new hires' } as const;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * One active automatic assignment rule per demo company (issue 14): new users get the welcome education, due 14
 * days after they join. A few learners joined after the rule was switched on and have it — two of them with the
 * progress the education seed gave them, two not started (one of those overdue) — so the list, the people view and
 * /my-assignment show real data. Written as rows, the way the assignments module writes them (the seed runs before
 * any service exists).
 */
export async function seedAutoAssignments(tx: Db, companies: { id: number; language: 'tr' | 'en' }[]) {
  const welcome = EDUCATIONS.find((education) => education.key === 'welcome');
  if (!welcome) throw new Error('the demo welcome education is missing');
  const now = Date.now();
  for (const company of companies) {
    const title = company.language === 'tr' ? welcome.tr.title : welcome.en.title;
    const [education] = rowsOf<{ id: number; created_by: number | null }>(
      await tx.execute(sql`select e.id, (select u.id from users u join role_user r on r.user_id = u.id
          where u.company_id = ${company.id} and r.role_id = 2 order by u.id limit 1) as created_by
        from educations e where e.company_id = ${company.id} and e.title = ${title}`),
    );
    if (!education) continue;
    const activatedAt = new Date(now - ACTIVE_FOR_DAYS * DAY);
    // Learners (no admin role), those with the welcome education's progress first, the demo accounts left alone.
    const people = rowsOf<{ id: number }>(
      await tx.execute(sql`select u.id from users u
        left join education_enrolments ee on ee.user_id = u.id and ee.education_id = ${education.id}
        where u.company_id = ${company.id} and u.status = 1 and u.email not like 'learner@%' and u.email not like 'admin@%'
          and not exists (select 1 from role_user r where r.user_id = u.id and r.role_id in (1, 2))
        order by (ee.id is null), u.id desc limit ${JOINED_DAYS_AGO.length}`),
    );
    const joined = people.map((person, index) => {
      const at = new Date(now - (JOINED_DAYS_AGO[index] ?? 1) * DAY);
      return { id: person.id, at, due: isoDay(new Date(at.getTime() + DUE_DAYS * DAY)) };
    });
    const lastDue = joined.reduce((max, person) => (person.due > max ? person.due : max), isoDay(new Date(now)));
    const [assignment] = rowsOf<{ id: number }>(
      await tx.execute(sql`insert into assignments (company_id, name, start_date, end_date, mandatory, reminder_days,
          remind_overdue, target_kind, published_at, created_by, created_at, updated_at)
        values (${company.id}, ${RULE_NAME[company.language]}, ${isoDay(activatedAt)}, ${lastDue}, true, '[7, 1]'::jsonb,
          true, 'users', ${activatedAt.toISOString()}, ${education.created_by}, ${activatedAt.toISOString()},
          ${activatedAt.toISOString()})
        returning id`),
    );
    if (!assignment) throw new Error('demo rule assignment not created');
    await tx.execute(sql`insert into assignment_items (company_id, assignment_id, type, ref_id, position)
      values (${company.id}, ${assignment.id}, 'education', ${education.id}, 0)`);
    await tx.execute(sql`insert into auto_assignment_rules (company_id, name, status, conditions, due_days, assignment_id,
        activated_at, last_matched_at, created_by, created_at, updated_at)
      values (${company.id}, ${RULE_NAME[company.language]}, 1,
        ${JSON.stringify({ ...EMPTY_AUTO_ASSIGNMENT_CONDITIONS, new_users: true })}::jsonb, ${DUE_DAYS}, ${assignment.id},
        ${activatedAt.toISOString()}, ${joined[joined.length - 1]?.at.toISOString() ?? null}, ${education.created_by},
        ${activatedAt.toISOString()}, ${activatedAt.toISOString()})`);
    // Everyone else was here before the rule: otherwise they would all be "new" to it, and the nightly run would
    // give them the onboarding. (The seed writes every person at once; the company is older than its new hires.)
    await tx.execute(sql`update users set created_at = least(created_at, ${new Date(activatedAt.getTime() - DAY).toISOString()}::timestamptz)
      where company_id = ${company.id} and not (id = any(${`{${joined.map((p) => p.id).join(',')}}`}::int[]))`);
    for (const person of joined) {
      // They are new: joined (and hired) after the rule was switched on.
      await tx.execute(sql`update users set created_at = ${person.at.toISOString()}, hire_date = ${isoDay(person.at)}
        where id = ${person.id}`);
      await tx.execute(sql`insert into education_enrolments (company_id, education_id, user_id, source, due_at,
          enrolled_by, created_at)
        values (${company.id}, ${education.id}, ${person.id}, 'assignment', ${person.due}, ${education.created_by},
          ${person.at.toISOString()})
        on conflict (education_id, user_id) do nothing`);
      // The person's row follows their enrolment, as the assignments module's roll-up keeps it.
      await tx.execute(sql`insert into assignment_users (company_id, assignment_id, user_id, due_date, status, progress,
          started_at, last_activity_at, completed_at, notified_at, created_at)
        select ${company.id}, ${assignment.id}, ee.user_id, ${person.due}, ee.status,
          case when ee.status = 'completed' then 100 else ee.finished_rate end,
          ee.started_at, ee.last_activity_at, ee.completed_at, ${person.at.toISOString()}, ${person.at.toISOString()}
        from education_enrolments ee where ee.education_id = ${education.id} and ee.user_id = ${person.id}`);
    }
    // The reminders whose day has come count as sent (a rule's people were reminded as they went), so the first run
    // of the schedule after a fresh start does not send them all at once.
    await tx.execute(sql`insert into assignment_reminders (company_id, assignment_user_id, kind)
      select au.company_id, au.id, k.kind from assignment_users au
      cross join lateral (
        select 'days_' || d as kind from unnest(array[7, 1]) d where au.due_date - d <= current_date
        union all select 'overdue' where current_date > au.due_date
      ) k
      where au.assignment_id = ${assignment.id} and au.status <> 'completed'
      on conflict do nothing`);
  }
}
