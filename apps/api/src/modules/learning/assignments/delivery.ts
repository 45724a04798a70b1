import { LOCALES, type Locale } from '@kampus/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { assignments, assignmentTargets } from '../../../db/schema/index.js';
import { asSystem, inTenant } from '../../../db/scope.js';
import type { Initiator } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { type DomainEvent, record } from '../../../platform/events.js';
import { translator } from '../../../platform/i18n.js';
import {
  defaultTemplate,
  eventMail,
  findCompanyTemplate,
  type MailTemplateSource,
  renderTemplate,
} from '../../../platform/mail-templates.js';
import type { NotificationsService } from '../../frame/notifications/service.js';
import type { AuthService } from '../../identity/auth/service.js';
import { findGroups, membershipCondition } from '../../organisation/user-groups/service.js';
import type { EducationsService } from '../educations/service.js';
import type { ProgramsService } from '../programs/service.js';
import { intArray, personDueSql, run, surveyProgressSql, surveyStatusSql } from './queries.js';

export const PUBLISH_JOB = 'assignment.publish';
export const NOTIFY_JOB = 'assignment.notify';
export const REMINDER_JOB = 'assignment.reminders';
/** People per mail job: a retry resends to nobody already mailed (`notified_at`). */
const MAIL_BATCH = 250;
/** Mails sent between two notified_at writes of a batch. */
const NOTIFIED_EVERY = 25;
/** A mail's login link lives three days: people read assignment mail later than a password reset. */
const MAIL_LINK_TTL_SECONDS = 3 * 24 * 3600;

const publishPayload = z.object({
  companyId: z.number().int(),
  assignmentId: z.number().int(),
  actorUserId: z.number().int().nullable(),
  /** Only these people (a membership change); absent: the whole target. */
  userIds: z.array(z.number().int()).optional(),
  /**
   * The people were told already by what gave them the assignment (an approved training request's own notification
   * and mail say it, with its link): no "new assignment" notification or mail, so nobody hears it twice.
   */
  quiet: z.boolean().optional(),
});
export type PublishPayload = z.infer<typeof publishPayload>;

const notifyPayload = z.object({
  companyId: z.number().int(),
  assignmentId: z.number().int(),
  userIds: z.array(z.number().int()),
  /** given: the new-assignment mail; a reminder kind (`days_7`, `overdue`, `manual`) a reminder. */
  kind: z.string(),
});

interface Needs {
  notifications: NotificationsService;
  auth: AuthService;
  educations: EducationsService;
  programs: ProgramsService;
}

type AssignmentRow = typeof assignments.$inferSelect;

const jobInitiator = (companyId: number, userId: number | null): Initiator => ({
  companyId,
  userId,
  impersonatorId: null,
  ip: null,
  requestId: null,
});

/**
 * Giving an assignment to its people, keeping their progress, and telling them: the publish job (set-based, so ten
 * thousand people are a handful of statements), the mail jobs, the progress roll-up from the items' events, the
 * membership events that bring late joiners in, and the reminder schedule.
 */
export function createDelivery(platform: Platform, needs: Needs) {
  const db = platform.database.db;

  /** The active users of the company the assignment's target selects (optionally only some of them), as a query. */
  async function targetUsers(tx: Db, a: AssignmentRow, only?: readonly number[]): Promise<SQL> {
    const restrict = only ? sql`and u.id = any(${intArray(only)})` : sql``;
    const base = sql`select u.id from users u where u.company_id = ${a.companyId} and u.status = 1 ${restrict}`;
    if (a.targetKind === 'company') return base;
    const targets = await tx
      .select({ kind: assignmentTargets.kind, refId: assignmentTargets.refId })
      .from(assignmentTargets)
      .where(eq(assignmentTargets.assignmentId, a.id));
    if (a.targetKind === 'users') {
      const ids = targets.filter((t) => t.kind === 'user').map((t) => t.refId);
      return sql`${base} and u.id = any(${intArray(ids)})`;
    }
    const groups = await findGroups(
      tx,
      a.companyId,
      targets.filter((t) => t.kind === 'group').map((t) => t.refId),
    );
    // membershipCondition speaks of the `users` table by name; the outer query names it u.
    return sql`${base} and u.id in (select users.id from users where ${membershipCondition(a.companyId, groups)})`;
  }

  /** Enrols the people into every item, through each item's module, due on the assignment's end date. */
  async function enrolIntoItems(tx: Db, who: Initiator, a: AssignmentRow, userIds: number[]) {
    const items = await run<{ type: string; ref_id: number }>(
      tx,
      sql`select type, ref_id from assignment_items where assignment_id = ${a.id} order by position`,
    );
    for (const item of items) {
      if (item.type === 'education') {
        await needs.educations.enrolments.enrolMany(tx, who, {
          companyId: a.companyId,
          userIds,
          educationIds: [item.ref_id],
          source: 'assignment',
          enrolledBy: a.createdBy,
          dueAt: a.endDate,
        });
      } else if (item.type === 'program') {
        await needs.programs.enrolMany(tx, who, {
          companyId: a.companyId,
          programId: item.ref_id,
          userIds,
          source: 'assignment',
          enrolledBy: a.createdBy,
        });
      } else if (item.type === 'content') {
        // A content enrolment is the content module's own row (issue 12), marked as the assignment's.
        await tx.execute(sql`
          insert into content_enrolments (company_id, content_id, user_id, source, assignment_id, due_at, enrolled_by)
          select ${a.companyId}, ${item.ref_id}, u, 'assignment', ${a.id}, (${a.endDate} || 'T23:59:59Z')::timestamptz,
            ${a.createdBy}
          from unnest(${intArray(userIds)}) u
          on conflict do nothing`);
      }
    }
  }

  /**
   * Brings the people's rows in line with their items (mean progress; completed when every item is, and kept so).
   * Records `assignment.completed` for each row that got there.
   */
  async function syncRows(tx: Db, who: Initiator, where: SQL, touch: boolean) {
    const done = await run<{ id: number; assignment_id: number; user_id: number }>(
      tx,
      sql`
      with target as (
        select au.id, au.status as old_status from assignment_users au
        where au.cancelled_at is null and au.status <> 'completed' and ${where}
        for update
      ), per as (
        select t.id, t.old_status,
          round(avg(x.progress))::integer as progress,
          bool_and(x.status = 'completed') as completed,
          bool_or(x.status <> 'not_started') as started
        from target t
        join assignment_users au on au.id = t.id
        join assignment_items i on i.assignment_id = au.assignment_id
        cross join lateral (
          select coalesce(case i.type
              when 'content' then (select case when bool_or(cp.status = 'completed') then 100 else max(cp.progress) end
                from content_progress cp where cp.content_id = i.ref_id and cp.user_id = au.user_id)
              when 'education' then (select case when ee.status = 'completed' then 100 else ee.finished_rate end
                from education_enrolments ee where ee.education_id = i.ref_id and ee.user_id = au.user_id)
              when 'program' then (select case when pe.status = 'completed' then 100 else pe.finished_rate end
                from program_enrolments pe where pe.program_id = i.ref_id and pe.user_id = au.user_id)
              when 'survey' then (${surveyProgressSql})
              when 'exam' then (select case when bool_or(ea.passed) then 100 else 0 end
                from exam_attempts ea where ea.exam_id = i.ref_id and ea.user_id = au.user_id)
            end, 0) as progress,
            coalesce(case i.type
              when 'content' then (select case when bool_or(cp.status = 'completed') then 'completed' else 'in_progress' end
                from content_progress cp where cp.content_id = i.ref_id and cp.user_id = au.user_id)
              when 'education' then (select ee.status from education_enrolments ee
                where ee.education_id = i.ref_id and ee.user_id = au.user_id)
              when 'program' then (select pe.status from program_enrolments pe
                where pe.program_id = i.ref_id and pe.user_id = au.user_id)
              when 'survey' then (${surveyStatusSql})
              when 'exam' then (select case when bool_or(ea.passed) then 'completed'
                  when count(*) > 0 then 'in_progress' end
                from exam_attempts ea where ea.exam_id = i.ref_id and ea.user_id = au.user_id)
            end, 'not_started') as status
        ) x
        group by t.id, t.old_status
      )
      update assignment_users au set
        progress = case when per.completed then 100 else per.progress end,
        status = case when per.completed then 'completed' when per.started or per.progress > 0 then 'in_progress'
          else 'not_started' end,
        started_at = coalesce(au.started_at, case when per.started or per.progress > 0 then now() end),
        completed_at = case when per.completed then coalesce(au.completed_at, now()) else au.completed_at end,
        last_activity_at = case when ${touch} then now() else au.last_activity_at end
      from per
      where au.id = per.id
      returning au.id, au.assignment_id, au.user_id, au.status, per.old_status`,
    );
    for (const row of done as { id: number; assignment_id: number; user_id: number; status?: string }[]) {
      if (row.status !== 'completed') continue;
      await record(tx, who, {
        action: 'assignment.completed',
        entity: 'assignment',
        id: row.assignment_id,
        companyId: who.companyId,
        after: { user_id: row.user_id },
      });
    }
  }

  /**
   * The job behind publishing (and behind people joining a target later): the target's active people get a row each
   * (a cancelled row stays cancelled), enrolments in the items, their progress, one notification per language, and
   * mail jobs of a few hundred people each. Safe to run again: every insert skips what exists.
   */
  async function deliver(payload: PublishPayload): Promise<{ assigned: number }> {
    const who = jobInitiator(payload.companyId, payload.actorUserId);
    const added = await inTenant(db, payload.companyId, (tx) => deliverIn(tx, who, payload));
    return { assigned: added.length };
  }

  /** The publish job's work inside a transaction of the caller's (the content page's enrolments use it directly). */
  async function deliverIn(tx: Db, who: Initiator, payload: PublishPayload): Promise<number[]> {
    const [a] = await tx
      .select()
      .from(assignments)
      .where(and(eq(assignments.companyId, payload.companyId), eq(assignments.id, payload.assignmentId)));
    if (!a?.publishedAt || a.cancelledAt) return [];
    return giveTo(tx, who, a, await targetUsers(tx, a, payload.userIds), { quiet: payload.quiet });
  }

  /**
   * Gives a published assignment to people (`people` selects user ids as `id`): a row each, skipping anyone who has
   * one (cancelled or not: nobody is given it twice), enrolments in the items, their progress, one notification per
   * language and mail jobs of a few hundred people each (unless `quiet`), and `assignment.assigned`. With `dueDate`
   * the people are due that day instead of on the assignment's end date (an automatic rule's people). What the
   * publish job, an admin adding people and an automatic rule all do; answers the people added.
   */
  async function giveTo(
    tx: Db,
    who: Initiator,
    a: AssignmentRow,
    people: SQL,
    options: { quiet?: boolean; dueDate?: string } = {},
  ): Promise<number[]> {
    const inserted = await run<{ user_id: number }>(
      tx,
      sql`
      insert into assignment_users (company_id, assignment_id, user_id, due_date)
      select ${a.companyId}, ${a.id}, p.id, ${options.dueDate ?? null}::date from (${people}) p
      on conflict do nothing
      returning user_id`,
    );
    const userIds = inserted.map((row) => row.user_id).sort((x, y) => x - y);
    if (userIds.length === 0) return [];
    const due = options.dueDate ? { ...a, endDate: options.dueDate } : a;
    await enrolIntoItems(tx, who, due, userIds);
    await syncRows(tx, who, sql`au.assignment_id = ${a.id} and au.user_id = any(${intArray(userIds)})`, false);
    if (options.quiet) {
      await tx.execute(sql`update assignment_users set notified_at = now()
        where assignment_id = ${a.id} and user_id = any(${intArray(userIds)})`);
    } else {
      await notifyInApp(tx, due, userIds, 'given');
      for (let i = 0; i < userIds.length; i += MAIL_BATCH) {
        await platform.jobs.enqueue(tx, NOTIFY_JOB, {
          companyId: a.companyId,
          assignmentId: a.id,
          userIds: userIds.slice(i, i + MAIL_BATCH),
          kind: 'given',
        });
      }
    }
    await record(tx, who, {
      action: 'assignment.assigned',
      entity: 'assignment',
      id: a.id,
      companyId: a.companyId,
      after: { user_ids: userIds, count: userIds.length, ...(options.dueDate ? { due_date: options.dueDate } : {}) },
    });
    return userIds;
  }

  /** One notification per language of the people, deep-linking to the assignment detail (spec §2.8). */
  async function notifyInApp(tx: Db, a: AssignmentRow, userIds: number[], kind: string) {
    const languages = await run<{ language: string }>(
      tx,
      sql`select distinct language from users where id = any(${intArray(userIds)})`,
    );
    for (const { language } of languages) {
      const lang = (LOCALES as readonly string[]).includes(language) ? (language as Locale) : 'tr';
      const t = translator(lang);
      const message = t(
        `assignment.notification_${kind === 'given' ? 'given' : kind === 'overdue' ? 'overdue' : 'due_soon'}`,
        {
          name: a.name,
          date: a.endDate,
        },
      );
      await needs.notifications.sendToMany(
        tx,
        {
          companyId: a.companyId,
          name: message,
          text: a.name,
          data: {
            message,
            text: a.name,
            apiUrl: `/api/my/assignments/${a.id}`,
            webUrl: { name: 'user.assignment-detail', params: { id: a.id } },
          },
          createdBy: a.createdBy,
        },
        sql`select id from users where id = any(${intArray(userIds)}) and language = ${language}`,
      );
    }
  }

  /** Sends one batch's mails; a person already mailed for this kind is skipped, so a retry sends nobody twice. */
  async function sendMails(payload: z.infer<typeof notifyPayload>) {
    const given = payload.kind === 'given';
    const people = await inTenant(db, payload.companyId, (tx) =>
      run<{
        id: number;
        user_id: number;
        name: string;
        email: string | null;
        language: string;
        a_name: string;
        end_date: string;
        company: string;
      }>(
        tx,
        sql`
        select au.id, u.id as user_id, u.name, u.email, u.language, a.name as a_name,
          ${personDueSql()}::text as end_date,
          c.name as company
        from assignment_users au join users u on u.id = au.user_id join assignments a on a.id = au.assignment_id
        join companies c on c.id = a.company_id
        where au.assignment_id = ${payload.assignmentId} and au.user_id = any(${intArray(payload.userIds)})
          and au.cancelled_at is null ${given ? sql`and au.notified_at is null` : sql``}`,
      ),
    );
    const withMail = people.filter((p) => p.email);
    const links = await needs.auth.deepLinks(
      payload.companyId,
      withMail.map((p) => p.user_id),
      { type: 'assignment', id: payload.assignmentId, ttlSeconds: MAIL_LINK_TTL_SECONDS },
    );
    const event = given
      ? 'assignment_given'
      : payload.kind === 'overdue'
        ? 'assignment_overdue'
        : 'assignment_due_soon';
    // The company's template (or the default) read once per language for the batch, not once per person.
    const templates = new Map<Locale, MailTemplateSource>();
    const templateOf = async (language: Locale) => {
      const known = templates.get(language);
      if (known) return known;
      const template =
        (await findCompanyTemplate(db, payload.companyId, event, language)) ?? defaultTemplate(event, language);
      templates.set(language, template);
      return template;
    };
    // notified_at is written every few mails: a retry after a failure resends to at most that many people.
    let mailedIds: number[] = [];
    const markNotified = async () => {
      if (!given || mailedIds.length === 0) return;
      const ids = mailedIds;
      mailedIds = [];
      await inTenant(db, payload.companyId, (tx) =>
        tx.execute(sql`update assignment_users set notified_at = now() where id = any(${intArray(ids)})`),
      );
    };
    for (const person of withMail) {
      const language = (LOCALES as readonly string[]).includes(person.language) ? (person.language as Locale) : 'tr';
      const variables = eventMail({
        to: person.email as string,
        companyId: payload.companyId,
        language,
        event,
        variables: {
          name: person.name,
          company: person.company,
          assignment_name: person.a_name,
          due_date: person.end_date,
          action_url: links.get(person.user_id),
        },
      }).variables;
      await platform.mailer.send({
        to: person.email as string,
        ...renderTemplate(await templateOf(language), variables),
      });
      mailedIds.push(person.id);
      if (mailedIds.length >= NOTIFIED_EVERY) await markNotified();
    }
    await markNotified();
    if (given) {
      // People without an address were told in the app; they count as notified.
      await inTenant(db, payload.companyId, (tx) =>
        tx.execute(sql`update assignment_users set notified_at = now()
          where assignment_id = ${payload.assignmentId} and user_id = any(${intArray(payload.userIds)}) and notified_at is null`),
      );
    }
    return { mailed: withMail.length };
  }

  /**
   * The reminder schedule: for every published, running assignment, the people not completed whose reminder day has
   * come (N days before the end date, or the day after it for overdue) and who have not had that reminder. The
   * reminder row is inserted first (unique per person and kind), so two nodes or a restart never send it twice.
   */
  async function sendDueReminders(): Promise<{ reminded: number }> {
    // Which companies have running assignments is a question across tenants: asked in the system scope.
    const companies = await asSystem(db, (tx) =>
      run<{ company_id: number }>(
        tx,
        sql`select distinct company_id from assignments where published_at is not null and cancelled_at is null
        and end_date >= current_date - 1`,
      ),
    );
    let reminded = 0;
    for (const { company_id: companyId } of companies) {
      const due = await inTenant(db, companyId, (tx) =>
        run<{ assignment_id: number; user_id: number; kind: string }>(
          tx,
          sql`
          with candidates as (
            select au.id, au.assignment_id, au.user_id, 'days_' || d.days as kind
            from assignments a
            join assignment_users au on au.assignment_id = a.id
            cross join lateral jsonb_array_elements_text(a.reminder_days) d(days)
            where a.company_id = ${companyId} and a.published_at is not null and a.cancelled_at is null
              and au.cancelled_at is null and au.status <> 'completed'
              and ${personDueSql()} - d.days::integer <= current_date and current_date <= ${personDueSql()}
              and a.start_date <= current_date
            union all
            select au.id, au.assignment_id, au.user_id, 'overdue'
            from assignments a join assignment_users au on au.assignment_id = a.id
            where a.company_id = ${companyId} and a.published_at is not null and a.cancelled_at is null
              and a.remind_overdue and au.cancelled_at is null and au.status <> 'completed'
              and current_date > ${personDueSql()}
          ), sent as (
            insert into assignment_reminders (company_id, assignment_user_id, kind)
            select ${companyId}, c.id, c.kind from candidates c
            on conflict do nothing
            returning assignment_user_id, kind
          ), touched as (
            update assignment_users set reminded_at = now() where id in (select assignment_user_id from sent)
          )
          select c.assignment_id, c.user_id, c.kind from sent s join candidates c on c.id = s.assignment_user_id and c.kind = s.kind`,
        ),
      );
      reminded += due.length;
      const groups = new Map<string, number[]>();
      for (const row of due) {
        const key = `${row.assignment_id}|${row.kind === 'overdue' ? 'overdue' : 'due_soon'}`;
        groups.set(key, [...(groups.get(key) ?? []), row.user_id]);
      }
      for (const [key, userIds] of groups) {
        const [assignmentId, kind] = key.split('|') as [string, string];
        await remind(companyId, Number(assignmentId), userIds, kind);
      }
    }
    return { reminded };
  }

  /** A reminder to some people: an in-app notification and mail jobs (the caller has recorded it was sent). */
  async function remind(companyId: number, assignmentId: number, userIds: number[], kind: string) {
    await inTenant(db, companyId, async (tx) => {
      const [a] = await tx.select().from(assignments).where(eq(assignments.id, assignmentId));
      if (!a) return;
      await notifyInApp(tx, a, userIds, kind);
      for (let i = 0; i < userIds.length; i += MAIL_BATCH) {
        await platform.jobs.enqueue(tx, NOTIFY_JOB, {
          companyId,
          assignmentId,
          userIds: userIds.slice(i, i + MAIL_BATCH),
          kind,
        });
      }
    });
  }

  /** A person's items moved: their open assignment rows follow. */
  async function onItemEvent(event: DomainEvent) {
    const userId = (event.after as { user_id?: unknown } | null)?.user_id;
    if (typeof userId !== 'number') return;
    const who = jobInitiator(event.companyId, event.actorUserId ?? userId);
    await inTenant(db, event.companyId, (tx) =>
      syncRows(tx, who, sql`au.company_id = ${event.companyId} and au.user_id = ${userId}`, true),
    );
  }

  /**
   * People may have joined a target (added to a static group, a user created or changed into a rule group's reach):
   * every active published assignment of the company aimed at groups or the whole company runs for those people.
   */
  async function onPeopleChanged(event: DomainEvent) {
    const after = event.after as { user_ids?: unknown; id?: unknown } | null;
    const userIds = Array.isArray(after?.user_ids)
      ? after.user_ids.filter((id): id is number => typeof id === 'number')
      : event.entity === 'user' && event.entityId !== null
        ? [event.entityId]
        : [];
    if (userIds.length === 0) return;
    const open = await inTenant(db, event.companyId, (tx) =>
      run<{ id: number }>(
        tx,
        sql`select id from assignments where company_id = ${event.companyId} and published_at is not null
          and cancelled_at is null and current_date <= end_date and target_kind in ('groups', 'company')`,
      ),
    );
    for (const { id } of open) {
      await platform.jobs.enqueue(db, PUBLISH_JOB, {
        companyId: event.companyId,
        assignmentId: id,
        actorUserId: null,
        userIds,
      });
    }
  }

  platform.jobs.register({ name: PUBLISH_JOB, schema: publishPayload, handle: deliver });
  platform.jobs.register({ name: NOTIFY_JOB, schema: notifyPayload, handle: sendMails });
  platform.jobs.register({ name: REMINDER_JOB, schema: z.object({}).passthrough(), handle: sendDueReminders });
  for (const action of [
    'content.started',
    'content.completed',
    'education.started',
    'education.completed',
    'program.started',
    'program.completed',
    'survey.draft_saved',
    'survey.answered',
  ]) {
    platform.events.subscribe(action, onItemEvent);
  }
  for (const action of ['user_group.members_added', 'user.created', 'user.updated']) {
    platform.events.subscribe(action, onPeopleChanged);
  }

  return { deliver, deliverIn, giveTo, syncRows, remind, sendDueReminders, notifyInApp, enrolIntoItems };
}

export type Delivery = ReturnType<typeof createDelivery>;
