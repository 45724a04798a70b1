import { and, eq, sql } from 'drizzle-orm';
import { findGroups, membershipCondition } from '../../modules/organisation/user-groups/service.js';
import type { Db } from '../client.js';
import {
  assignmentItems,
  assignments,
  assignmentTargets,
  assignmentUsers,
  type educationEnrolments,
  userGroupMembers,
  userGroups,
  users,
} from '../schema/index.js';

/**
 * The demo assignments (issue 14) of Demo Holding and Acme Corp: three mandatory trainings for everyone (information
 * security running, KVKK/data protection and phishing over), a sales track for a user group, and a draft.
 *
 * They are written inside the education seed's story (db/seed/educations.ts), after everything else there: each
 * person's item enrolments come from the same `enrol` that derives an enrolment from the person's content progress
 * (an existing enrolment — self, admin or program — stays as it is, as the publish job leaves it), and each person's
 * row is rolled up from those enrolments with the publish job's own rule (delivery.ts `syncRows`): progress = mean of
 * the items' progress, completed when every item is, in progress once anything is started. Overdue and finished
 * follow from the dates when read. Reminders already due are written as sent, so the first run of the reminder
 * schedule sends nothing for the demo's past.
 */

const DAY = 24 * 3600 * 1000;
const CHUNK = 500;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

type EnrolmentRow = typeof educationEnrolments.$inferInsert;
type Enrol = (
  educationKey: string,
  userId: number,
  values: { source: 'assignment'; createdAt: Date; dueAt: string },
) => EnrolmentRow;

interface SeedAssignment {
  name: { tr: string; en: string };
  description: { tr: string; en: string };
  /** Education keys of educations-data.ts, in order. */
  items: string[];
  /** The cover: the first item's. */
  mandatory: boolean;
  /** Days from today: negative in the past. */
  start: number;
  end: number;
  durationMinutes: number | null;
  reminderDays: number[];
  target: 'company' | 'sales-group';
  /** A draft is neither published nor given to anyone. */
  draft?: boolean;
}

const ASSIGNMENTS: SeedAssignment[] = [
  {
    name: { tr: 'Bilgi Güvenliği Farkındalığı 2026', en: 'Security Awareness 2026' },
    description: {
      tr: '<p>Her çalışanımızın yılda bir kez tamamlaması gereken bilgi güvenliği eğitimi. Parolalar, sosyal mühendislik ve temiz masa kuralları.</p>',
      en: '<p>The information security course every colleague completes once a year: passwords, social engineering and the clear desk rule.</p>',
    },
    items: ['security-awareness'],
    mandatory: true,
    start: -12,
    end: 18,
    durationMinutes: 25,
    reminderDays: [7, 1],
    target: 'company',
  },
  {
    name: { tr: 'İş Sağlığı ve Güvenliği Yenileme', en: 'Health and Safety Refresher' },
    description: {
      tr: '<p>Yasal zorunluluk: iş sağlığı ve güvenliği temel eğitimini ay sonuna kadar tamamlayın.</p>',
      en: '<p>Required by law: complete the health and safety basics by the end of the month.</p>',
    },
    items: ['safety-basics'],
    mandatory: true,
    start: -3,
    end: 27,
    durationMinutes: 40,
    reminderDays: [7, 3, 1],
    target: 'company',
  },
  {
    name: { tr: 'KVKK Yıllık Eğitimi', en: 'Annual Data Protection Training' },
    description: {
      tr: '<p>Kişisel verilerin korunması kanunu kapsamında yıllık zorunlu eğitim.</p>',
      en: '<p>The yearly mandatory training on protecting personal data.</p>',
    },
    items: ['privacy'],
    mandatory: true,
    start: -45,
    end: -4,
    durationMinutes: 30,
    reminderDays: [7, 1],
    target: 'company',
  },
  {
    name: { tr: 'Oltalama Saldırılarına Karşı', en: 'Spotting Phishing' },
    description: {
      tr: '<p>Sahte e-postaları tanıyın ve bildirin: bahar kampanyası.</p>',
      en: '<p>Recognise and report fake emails: the spring campaign.</p>',
    },
    items: ['phishing'],
    mandatory: true,
    start: -75,
    end: -20,
    durationMinutes: 15,
    reminderDays: [3],
    target: 'company',
  },
  {
    name: { tr: 'Satış Akademisi', en: 'Sales Academy' },
    description: {
      tr: '<p>Satış ekibimiz için üç adımlı gelişim yolu: satış teknikleri, müşteri deneyimi ve müzakere.</p>',
      en: '<p>A three-step path for our sales team: selling, customer experience and negotiation.</p>',
    },
    items: ['sales', 'customer-experience', 'negotiation'],
    mandatory: false,
    start: -10,
    end: 50,
    durationMinutes: 120,
    reminderDays: [7],
    target: 'sales-group',
  },
  {
    name: { tr: 'Rüşvetle Mücadele 2027', en: 'Anti-Bribery 2027' },
    description: {
      tr: '<p>Gelecek yılın uyum eğitimi; yayımlanmayı bekliyor.</p>',
      en: '<p>Next year’s compliance course, waiting to be published.</p>',
    },
    items: ['anti-bribery'],
    mandatory: true,
    start: 40,
    end: 90,
    durationMinutes: 20,
    reminderDays: [7, 1],
    target: 'company',
    draft: true,
  },
];

export interface AssignmentSeedContext {
  tx: Db;
  companyId: number;
  key: 'demo' | 'acme';
  now: number;
  adminId: number | null;
  /** The company's active people (the target "company" resolves to them). */
  people: number[];
  learnerId: number | undefined;
  educationId: (key: string) => number;
  imageOf: (key: string) => string | null;
  enrol: Enrol;
}

interface PlannedRow {
  userId: number;
  status: 'not_started' | 'in_progress' | 'completed';
  progress: number;
  startedAt: Date | null;
  lastActivityAt: Date | null;
  completedAt: Date | null;
}

/** The sales group's people: Demo Holding's rule group of salespeople, a listed group made here at Acme. */
async function salesGroup(context: AssignmentSeedContext): Promise<{ groupId: number; members: number[] }> {
  const { tx, companyId } = context;
  if (context.key === 'demo') {
    const [group] = await tx
      .select({ id: userGroups.id })
      .from(userGroups)
      .where(and(eq(userGroups.companyId, companyId), eq(userGroups.name, 'Satış ekibi (2020 sonrası)')));
    if (!group) throw new Error('demo seed: the sales user group is missing');
    const members = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(membershipCondition(companyId, await findGroups(tx, companyId, [group.id])), eq(users.status, 1)));
    return { groupId: group.id, members: members.map((m) => m.id) };
  }
  const [group] = await tx
    .insert(userGroups)
    .values({ companyId, name: 'Sales team', description: 'Account managers and the sales desk.', kind: 'static' })
    .returning({ id: userGroups.id });
  if (!group) throw new Error('demo seed: sales group insert failed');
  const sellers = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.department, 'Satış'), eq(users.status, 1)));
  const members = [...new Set([...sellers.map((s) => s.id), ...(context.learnerId ? [context.learnerId] : [])])];
  await tx.insert(userGroupMembers).values(members.map((userId) => ({ companyId, groupId: group.id, userId })));
  return { groupId: group.id, members };
}

/** A person's row rolled up from their item enrolments, as `syncRows` of the publish job computes it. */
function rollUpRow(userId: number, enrolments: EnrolmentRow[]): PlannedRow {
  const progress = enrolments.map((e) => (e.status === 'completed' ? 100 : (e.finishedRate ?? 0)));
  const mean = Math.round(progress.reduce((sum, p) => sum + p, 0) / progress.length);
  const completed = enrolments.every((e) => e.status === 'completed');
  const started = enrolments.some((e) => e.status !== 'not_started' && e.status !== undefined);
  const dates = (values: (Date | null | undefined)[], pick: 'min' | 'max') => {
    const times = values.filter((d): d is Date => d instanceof Date).map((d) => d.getTime());
    return times.length === 0 ? null : new Date(Math[pick](...times));
  };
  const inProgress = started || mean > 0;
  return {
    userId,
    status: completed ? 'completed' : inProgress ? 'in_progress' : 'not_started',
    progress: completed ? 100 : mean,
    startedAt: inProgress
      ? dates(
          enrolments.map((e) => e.startedAt),
          'min',
        )
      : null,
    lastActivityAt: dates(
      enrolments.map((e) => e.lastActivityAt),
      'max',
    ),
    completedAt: completed
      ? dates(
          enrolments.map((e) => e.completedAt),
          'max',
        )
      : null,
  };
}

/**
 * Plans the company's assignments: enrols their people into the items (through `enrol`, before the seed writes the
 * enrolments) and returns what `writeAssignments` inserts once the enrolments are in.
 */
export async function planAssignments(context: AssignmentSeedContext) {
  const { now } = context;
  const group = await salesGroup(context);
  return ASSIGNMENTS.map((assignment) => {
    const startDate = isoDate(new Date(now + assignment.start * DAY));
    const endDate = isoDate(new Date(now + assignment.end * DAY));
    // Published the working day before it starts; a draft was written a week ago.
    const publishedAt = assignment.draft ? null : new Date(now + (assignment.start - 1) * DAY);
    const people = assignment.draft ? [] : assignment.target === 'company' ? context.people : group.members;
    const rows = people.map((userId) =>
      rollUpRow(
        userId,
        assignment.items.map((key) =>
          context.enrol(key, userId, { source: 'assignment', createdAt: publishedAt as Date, dueAt: endDate }),
        ),
      ),
    );
    return { assignment, startDate, endDate, publishedAt, groupId: group.groupId, rows };
  });
}

/** Inserts the planned assignments, their items, targets, people and the reminders already sent. */
export async function writeAssignments(
  context: AssignmentSeedContext,
  planned: Awaited<ReturnType<typeof planAssignments>>,
) {
  const { tx, companyId, key, now } = context;
  const language = key === 'demo' ? 'tr' : 'en';
  const inserted = await tx
    .insert(assignments)
    .values(
      planned.map(({ assignment, startDate, endDate, publishedAt }) => ({
        companyId,
        name: assignment.name[language],
        description: assignment.description[language],
        imageUrl: context.imageOf(assignment.items[0] as string),
        startDate,
        endDate,
        mandatory: assignment.mandatory,
        durationMinutes: assignment.durationMinutes,
        reminderDays: assignment.reminderDays,
        remindOverdue: true,
        targetKind: assignment.target === 'company' ? ('company' as const) : ('groups' as const),
        publishedAt,
        createdBy: context.adminId,
        createdAt: publishedAt ?? new Date(now - 7 * DAY),
        updatedAt: publishedAt ?? new Date(now - 7 * DAY),
      })),
    )
    .returning({ id: assignments.id });
  const ids = inserted.map((row) => row.id);
  await tx.insert(assignmentItems).values(
    planned.flatMap(({ assignment }, index) =>
      assignment.items.map((item, position) => ({
        companyId,
        assignmentId: ids[index] as number,
        type: 'education' as const,
        refId: context.educationId(item),
        position,
      })),
    ),
  );
  const groupTargets = planned.flatMap(({ assignment, groupId }, index) =>
    assignment.target === 'sales-group'
      ? [{ companyId, assignmentId: ids[index] as number, kind: 'group' as const, refId: groupId }]
      : [],
  );
  if (groupTargets.length > 0) await tx.insert(assignmentTargets).values(groupTargets);
  const people = planned.flatMap(({ rows, publishedAt }, index) =>
    rows.map((row) => ({
      companyId,
      assignmentId: ids[index] as number,
      ...row,
      notifiedAt: publishedAt,
      createdAt: publishedAt ?? undefined,
    })),
  );
  for (let i = 0; i < people.length; i += CHUNK) await tx.insert(assignmentUsers).values(people.slice(i, i + CHUNK));
  // The reminders whose day has passed went out then: one row each, as the schedule writes them.
  await tx.execute(sql`
    insert into assignment_reminders (company_id, assignment_user_id, kind, sent_at)
    select a.company_id, au.id, r.kind, now()
    from assignments a
    join assignment_users au on au.assignment_id = a.id
    cross join lateral (
      select 'days_' || d.days as kind from jsonb_array_elements_text(a.reminder_days) d(days)
      where a.end_date - d.days::integer <= current_date and a.start_date <= current_date
      union all
      select 'overdue' where a.remind_overdue and current_date > a.end_date
    ) r
    where a.company_id = ${companyId} and a.published_at is not null and au.status <> 'completed'
    on conflict do nothing`);
}
