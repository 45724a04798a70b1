import { isLocale, type Locale } from '@kampus/shared';
import { and, eq, sql } from 'drizzle-orm';
import { publicOrigin } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { companies, educations, trainingRequests, users } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Platform } from '../../../platform/deps.js';
import type { DomainEvent } from '../../../platform/events.js';
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
 * The learner hears of a decision twice: an in-app notification deep-linking to the assignment (approved) or the
 * education (rejected), and the mail of the event (`training_request_approved` / `_rejected`, the company's own
 * template when it has one). Both are sent by subscribers of the events the service records
 * (`training_request.approved` / `.rejected`, and `.created` for the admins), so they leave only once the change has
 * committed, in a transaction of their own.
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

/** The request an event names, with its education's title and the requester's name. */
async function requestOf(tx: Db, event: DomainEvent) {
  if (event.entityId === null) return undefined;
  const [row] = await tx
    .select({
      request: trainingRequests,
      title: educations.title,
      requester: sql<string>`${users.name} || ' ' || ${users.surname}`,
    })
    .from(trainingRequests)
    .innerJoin(educations, eq(educations.id, trainingRequests.educationId))
    .innerJoin(users, eq(users.id, trainingRequests.userId))
    .where(and(eq(trainingRequests.companyId, event.companyId), eq(trainingRequests.id, event.entityId)));
  return row;
}

/** Who hears of what the training requests module records: the deciding admins of a new request, the learner of a decision. */
export function subscribeTrainingRequestMessages(platform: Platform, notifications: NotificationsService): void {
  const db = platform.database.db;
  const messages = createTrainingRequestMessages(platform, notifications);

  platform.events.subscribe('training_request.created', (event) =>
    inTenant(db, event.companyId, async (tx) => {
      const found = await requestOf(tx, event);
      if (!found) return;
      await messages.arrived(tx, {
        companyId: event.companyId,
        educationId: found.request.educationId,
        educationTitle: found.title,
        requester: found.requester,
        userId: found.request.userId,
      });
    }),
  );

  const onDecision = (event: DomainEvent) =>
    inTenant(db, event.companyId, async (tx) => {
      const found = await requestOf(tx, event);
      if (!found) return;
      const after = event.after as { assignment_id?: unknown; end_date?: unknown; reason?: unknown } | null;
      const outcome: Decision['outcome'] | null =
        event.action === 'training_request.approved'
          ? typeof after?.assignment_id === 'number' && typeof after.end_date === 'string'
            ? { kind: 'approved', assignmentId: after.assignment_id, endDate: after.end_date }
            : null
          : {
              kind: 'rejected',
              reason: typeof after?.reason === 'string' ? after.reason : (found.request.reason ?? ''),
            };
      if (!outcome) return;
      await messages.decided(tx, {
        companyId: event.companyId,
        requestId: found.request.id,
        userId: found.request.userId,
        educationId: found.request.educationId,
        educationTitle: found.title,
        decidedBy: event.actorUserId ?? found.request.decidedBy ?? found.request.userId,
        outcome,
      });
    });
  platform.events.subscribe('training_request.approved', onDecision);
  platform.events.subscribe('training_request.rejected', onDecision);
}
