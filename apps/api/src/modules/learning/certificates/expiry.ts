import { CERTIFICATE_EXPIRING_DAYS, LOCALES, type Locale } from '@kampus/shared';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import {
  certificateDefinitions,
  certificates,
  companies,
  educations,
  USER_STATUS,
  users,
} from '../../../db/schema/index.js';
import { asSystem, inTenant } from '../../../db/scope.js';
import type { Initiator } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { translator } from '../../../platform/i18n.js';
import { EVENT_MAIL_JOB, eventMail } from '../../../platform/mail-templates.js';
import type { NotificationsService } from '../../frame/notifications/service.js';
import type { AuthService } from '../../identity/auth/service.js';
import type { AssignmentsService } from '../assignments/service.js';
import type { EducationsService } from '../educations/service.js';

export const EXPIRY_JOB = 'certificate.expiry';
/** The mails of one warning (the person's and their manager's), queued in the run's transaction. */
export const EXPIRY_MAIL_JOB = 'certificate.expiry_mail';
/** A recertification's assignment is due this many days after the certificate expired. */
export const RECERTIFICATION_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;
/** A mail's link to /my-certification lives as long as the issuing mail's. */
const MAIL_LINK_TTL_SECONDS = 7 * 24 * 3600;

const asLocale = (language: string): Locale =>
  (LOCALES as readonly string[]).includes(language) ? (language as Locale) : 'tr';

/** The platform acting (a job): no user. The expiry run's audit entries and the recertification assignments. */
const systemInitiator = (companyId: number): Initiator => ({
  companyId,
  userId: null,
  impersonatorId: null,
  ip: null,
  requestId: null,
});

const formatDay = (language: string, at: Date) =>
  new Intl.DateTimeFormat(asLocale(language), { dateStyle: 'long', timeZone: 'UTC' }).format(at);

const mailPayload = z.object({
  companyId: z.number().int(),
  certificateId: z.number().int(),
  kind: z.enum(['expiring', 'expired']),
});
type Warning = z.infer<typeof mailPayload>['kind'];

const manager = alias(users, 'manager');

/**
 * The daily expiry run: a valid certificate within CERTIFICATE_EXPIRING_DAYS of its expiry warns its person and their
 * manager once (`expiry_warned_at`); one whose expiry has passed is marked `expired` (audited `certificate.expired`)
 * and both told, and, when its definition says `recertify`, the education is assigned to the person again (by the
 * platform: no acting user). Each warning is an in-app notification and a mail of the editable catalogue
 * (`certificate_expiring`, `certificate_expired`, `…_manager`); both ride on the row's single change of state, so a
 * rerun of the job warns nobody twice. An expired certificate lets the next completion issue the next cycle (issue.ts).
 */
export function createCertificateExpiry(
  platform: Platform,
  needs: {
    notifications: NotificationsService;
    auth: AuthService;
    assignments: AssignmentsService;
    educations: EducationsService;
  },
) {
  const db = platform.database.db;

  async function tell(tx: Db, companyId: number, userId: number, message: string, own: boolean) {
    await needs.notifications.sendToMany(
      tx,
      {
        companyId,
        name: message,
        text: null,
        data: own
          ? { message, apiUrl: '/api/certificates/me', webUrl: { name: 'User.my-certification' } }
          : { message },
        createdBy: null,
      },
      sql`select ${userId}::integer`,
    );
  }

  /** The certificate with its person, the person's active manager (if any), the definition and the company. */
  async function about(tx: Db, companyId: number, certificateId: number) {
    const [row] = await tx
      .select({
        certificate: certificates,
        definition: {
          name: certificateDefinitions.name,
          trigger: certificateDefinitions.trigger,
          refId: certificateDefinitions.refId,
          recertify: certificateDefinitions.recertify,
        },
        person: { name: users.name, surname: users.surname, email: users.email, language: users.language },
        manager: { id: manager.id, name: manager.name, email: manager.email, language: manager.language },
        company: companies.name,
      })
      .from(certificates)
      .innerJoin(certificateDefinitions, eq(certificateDefinitions.id, certificates.definitionId))
      .innerJoin(users, eq(users.id, certificates.userId))
      .innerJoin(companies, eq(companies.id, certificates.companyId))
      .leftJoin(
        manager,
        and(
          eq(manager.id, users.managerId),
          eq(manager.companyId, certificates.companyId),
          eq(manager.status, USER_STATUS.active),
        ),
      )
      .where(and(eq(certificates.companyId, companyId), eq(certificates.id, certificateId)));
    return row ?? null;
  }

  /** The in-app notices of one warning and its mail job (which makes the person's deep link). */
  async function warn(tx: Db, companyId: number, certificateId: number, kind: Warning, now: Date) {
    const row = await about(tx, companyId, certificateId);
    if (!row) return;
    const expiresAt = row.certificate.expiresAt ?? now;
    const own = translator(asLocale(row.person.language));
    await tell(
      tx,
      companyId,
      row.certificate.userId,
      kind === 'expiring'
        ? own('myCertificates.expiring_notification', {
            name: row.definition.name,
            date: formatDay(row.person.language, expiresAt),
          })
        : own('myCertificates.expired_notification', { name: row.definition.name }),
      true,
    );
    if (row.manager?.id) {
      const theirs = translator(asLocale(row.manager.language));
      const params = {
        name: row.definition.name,
        person: `${row.person.name} ${row.person.surname}`.trim(),
        date: formatDay(row.manager.language, expiresAt),
      };
      await tell(
        tx,
        companyId,
        row.manager.id,
        theirs(`certificates.expiry.manager_${kind}_notification`, params),
        false,
      );
    }
    await platform.jobs.enqueue(
      tx,
      EXPIRY_MAIL_JOB,
      { companyId, certificateId, kind },
      { idempotencyKey: `${EXPIRY_MAIL_JOB}:${companyId}:${certificateId}:${kind}` },
    );
  }

  /**
   * The education of an expired certificate given again to its person: their enrolment starts over and an assignment
   * of the education (named for the recertification, in the person's language, due RECERTIFICATION_DAYS on) is
   * published to them with the usual notification and mail. Only an education's definition recertifies (definitions.ts).
   */
  async function recertify(tx: Db, companyId: number, certificateId: number, now: Date) {
    const row = await about(tx, companyId, certificateId);
    if (!row?.definition.recertify || row.definition.trigger !== 'education') return false;
    const [education] = await tx
      .select({ id: educations.id, title: educations.title })
      .from(educations)
      .where(and(eq(educations.companyId, companyId), eq(educations.id, row.definition.refId)));
    if (!education) return false;
    const who = systemInitiator(companyId);
    const startDate = now.toISOString().slice(0, 10);
    const endDate = new Date(now.getTime() + RECERTIFICATION_DAYS * DAY_MS).toISOString().slice(0, 10);
    await needs.educations.enrolments.reopen(tx, who, {
      companyId,
      educationId: education.id,
      userId: row.certificate.userId,
      dueAt: endDate,
    });
    const t = translator(asLocale(row.person.language));
    await needs.assignments.assignEducationToPerson(tx, who, {
      educationId: education.id,
      userId: row.certificate.userId,
      name: t('certificates.expiry.recertification_assignment', { name: education.title }),
      startDate,
      endDate,
      announce: true,
    });
    return true;
  }

  async function runFor(companyId: number, now: Date) {
    return inTenant(db, companyId, async (tx) => {
      const soon = new Date(now.getTime() + CERTIFICATE_EXPIRING_DAYS * DAY_MS);
      const warned = await tx
        .update(certificates)
        .set({ expiryWarnedAt: now })
        .where(
          and(
            eq(certificates.companyId, companyId),
            eq(certificates.status, 'valid'),
            isNull(certificates.expiryWarnedAt),
            gt(certificates.expiresAt, now),
            lte(certificates.expiresAt, soon),
          ),
        )
        .returning({ id: certificates.id });
      const expired = await tx
        .update(certificates)
        .set({ status: 'expired', updatedAt: now })
        .where(
          and(
            eq(certificates.companyId, companyId),
            eq(certificates.status, 'valid'),
            lte(certificates.expiresAt, now),
          ),
        )
        .returning({
          id: certificates.id,
          userId: certificates.userId,
          definitionId: certificates.definitionId,
          number: certificates.number,
        });
      for (const item of warned) await warn(tx, companyId, item.id, 'expiring', now);
      let recertified = 0;
      for (const item of expired) {
        await record(tx, systemInitiator(companyId), {
          action: 'certificate.expired',
          entity: 'certificate',
          id: item.id,
          companyId,
          after: { user_id: item.userId, definition_id: item.definitionId, number: item.number },
        });
        await warn(tx, companyId, item.id, 'expired', now);
        if (await recertify(tx, companyId, item.id, now)) recertified += 1;
      }
      return { warned: warned.length, expired: expired.length, recertified };
    });
  }

  /** Every company with a valid certificate expiring within the warning window (a question across tenants). */
  async function run(now = new Date()) {
    const soon = new Date(now.getTime() + CERTIFICATE_EXPIRING_DAYS * DAY_MS);
    const companyRows = (await asSystem(db, (tx) =>
      tx.execute(sql`select distinct company_id from certificates
        where status = 'valid' and expires_at is not null and expires_at <= ${soon.toISOString()}::timestamptz`),
    )) as unknown as { rows: { company_id: number }[] };
    const total = { warned: 0, expired: 0, recertified: 0 };
    for (const { company_id: companyId } of companyRows.rows) {
      const done = await runFor(companyId, now);
      total.warned += done.warned;
      total.expired += done.expired;
      total.recertified += done.recertified;
    }
    return total;
  }

  /**
   * The mails of one warning: the person's (with a one-time link to /my-certification) and their manager's. Each is
   * queued under its own idempotency key, so a retried job mails nobody twice.
   */
  async function sendMails({ companyId, certificateId, kind }: z.infer<typeof mailPayload>) {
    const row = await inTenant(db, companyId, (tx) => about(tx, companyId, certificateId));
    if (!row || row.certificate.status === 'revoked') return { sent: 0 };
    const expiresAt = row.certificate.expiresAt ?? row.certificate.updatedAt;
    const userId = row.certificate.userId;
    const link = row.person.email
      ? (
          await needs.auth.deepLinks(companyId, [userId], {
            type: 'my-certification',
            id: certificateId,
            ttlSeconds: MAIL_LINK_TTL_SECONDS,
          })
        ).get(userId)
      : undefined;
    const key = `${EXPIRY_MAIL_JOB}:${companyId}:${certificateId}:${kind}`;
    return inTenant(db, companyId, async (tx) => {
      let sent = 0;
      if (row.person.email) {
        const language = asLocale(row.person.language);
        await platform.jobs.enqueue(
          tx,
          EVENT_MAIL_JOB,
          eventMail({
            to: row.person.email,
            companyId,
            language,
            event: kind === 'expiring' ? 'certificate_expiring' : 'certificate_expired',
            variables: {
              name: row.person.name,
              company: row.company,
              certificate_name: row.definition.name,
              expiry_date: formatDay(language, expiresAt),
              action_url: link,
            },
          }),
          { idempotencyKey: `${key}:person` },
        );
        sent += 1;
      }
      if (row.manager?.id && row.manager.email) {
        const language = asLocale(row.manager.language);
        await platform.jobs.enqueue(
          tx,
          EVENT_MAIL_JOB,
          eventMail({
            to: row.manager.email,
            companyId,
            language,
            event: kind === 'expiring' ? 'certificate_expiring_manager' : 'certificate_expired_manager',
            variables: {
              name: row.manager.name,
              company: row.company,
              person_name: `${row.person.name} ${row.person.surname}`.trim(),
              certificate_name: row.definition.name,
              expiry_date: formatDay(language, expiresAt),
            },
          }),
          { idempotencyKey: `${key}:manager` },
        );
        sent += 1;
      }
      return { sent };
    });
  }

  platform.jobs.register({ name: EXPIRY_JOB, schema: z.object({}).passthrough(), handle: () => run() });
  platform.jobs.register({ name: EXPIRY_MAIL_JOB, schema: mailPayload, handle: sendMails });

  return { run };
}
