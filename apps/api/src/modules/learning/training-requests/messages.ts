import { isLocale, type Locale } from '@kampus/shared';
import { and, eq, sql } from 'drizzle-orm';
import { publicOrigin } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { companies, users } from '../../../db/schema/index.js';
import type { Platform } from '../../../platform/deps.js';
import { translator } from '../../../platform/i18n.js';
import { EVENT_MAIL_JOB, eventMail } from '../../../platform/mail-templates.js';
import type { NotificationsService } from '../../frame/notifications/service.js';

const NS = 'trainingRequest';

/** What a decision tells its learner. */
export interface Decision {
  companyId: number;
  requestId: number;
  userId: number;
  educationId: number;
  educationTitle: string;
  decidedBy: number;
  outcome: { kind: 'approved'; assignmentId: number; endDate: string } | { kind: 'rejected'; reason: string };
}

/**
 * The learner hears of a decision twice, both in the decision's transaction (nothing leaves if it rolls back): an
 * in-app notification deep-linking to the assignment (approved) or the education (rejected), and the mail of the
 * event (`training_request_approved` / `_rejected`, the company's own template when it has one).
 */
export function createTrainingRequestMessages(platform: Platform, notifications: NotificationsService) {
  const { config } = platform;

  async function personOf(tx: Db, companyId: number, userId: number) {
    const [row] = await tx
      .select({
        name: users.name,
        email: users.email,
        language: users.language,
        company: companies.name,
        slug: companies.slug,
        customDomain: companies.customDomain,
      })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
    if (!row) throw new Error('the requester is gone');
    const language: Locale = isLocale(row.language) ? row.language : 'tr';
    const origin = publicOrigin(config, row.customDomain ?? `${row.slug}.${config.BASE_DOMAIN}`);
    return { ...row, language, origin };
  }

  return {
    async decided(tx: Db, decision: Decision): Promise<void> {
      const person = await personOf(tx, decision.companyId, decision.userId);
      const t = translator(person.language);
      const webUrl =
        decision.outcome.kind === 'approved'
          ? { name: 'user.assignment-detail', params: { id: decision.outcome.assignmentId } }
          : { name: 'user.education-detail', params: { id: decision.educationId } };
      const path =
        decision.outcome.kind === 'approved'
          ? `/assignment/${decision.outcome.assignmentId}/detail`
          : `/education/${decision.educationId}/detail`;
      const message = t(`${NS}.notification_${decision.outcome.kind}`, { name: decision.educationTitle });
      const text = decision.outcome.kind === 'rejected' ? decision.outcome.reason : decision.educationTitle;
      await notifications.sendToMany(
        tx,
        {
          companyId: decision.companyId,
          name: message,
          text,
          data: { message, text, webUrl },
          createdBy: decision.decidedBy,
        },
        sql`select ${decision.userId}::integer`,
      );
      if (!person.email) return;
      const common = {
        to: person.email,
        companyId: decision.companyId,
        language: person.language,
      };
      const mail =
        decision.outcome.kind === 'approved'
          ? eventMail({
              ...common,
              event: 'training_request_approved',
              variables: {
                name: person.name,
                company: person.company,
                education_name: decision.educationTitle,
                due_date: decision.outcome.endDate,
                action_url: `${person.origin}${path}`,
              },
            })
          : eventMail({
              ...common,
              event: 'training_request_rejected',
              variables: {
                name: person.name,
                company: person.company,
                education_name: decision.educationTitle,
                reason: decision.outcome.reason,
                action_url: `${person.origin}${path}`,
              },
            });
      await platform.jobs.enqueue(tx, EVENT_MAIL_JOB, mail);
    },

    /** The admins who may decide (create_assignment, active) hear of a new request, linked to its education's list. */
    async arrived(
      tx: Db,
      request: { companyId: number; educationId: number; educationTitle: string; requester: string; userId: number },
    ): Promise<void> {
      const deciders = sql`
        select distinct ru.user_id from role_user ru
        join role_permissions rp on rp.role_id = ru.role_id
        join permissions p on p.id = rp.permission_id
        join users u on u.id = ru.user_id
        where ru.company_id = ${request.companyId} and p.name = 'create_assignment' and u.status = 1
          and u.id <> ${request.userId}`;
      // One notification in the company's language: admins share one row (the list is the same for all of them).
      const [company] = await tx
        .select({ language: companies.defaultLanguage })
        .from(companies)
        .where(eq(companies.id, request.companyId));
      const t = translator(isLocale(company?.language) ? company.language : 'tr');
      const message = t(`${NS}.notification_arrived`, { person: request.requester, name: request.educationTitle });
      await notifications.sendToMany(
        tx,
        {
          companyId: request.companyId,
          name: message,
          text: request.educationTitle,
          data: {
            message,
            text: request.educationTitle,
            apiUrl: `/api/admin/training-requests?education_id=${request.educationId}`,
          },
          createdBy: request.userId,
        },
        deciders,
      );
    },
  };
}

export type TrainingRequestMessages = ReturnType<typeof createTrainingRequestMessages>;
