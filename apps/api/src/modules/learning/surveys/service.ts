import { isLocale } from '@kampus/shared';
import { and, eq, sql } from 'drizzle-orm';
import { surveys, users } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Platform } from '../../../platform/deps.js';
import type { DomainEvent } from '../../../platform/events.js';
import { translator } from '../../../platform/i18n.js';
import type { NotificationsService } from '../../frame/notifications/service.js';
import type { AssignmentsService } from '../assignments/service.js';
import type { EducationsService } from '../educations/service.js';
import { createSurveyResource } from './admin.js';
import { createSurveyLearner } from './learner.js';
import { createSurveyResults } from './results.js';

/**
 * Surveys and evaluation surveys (issue 15): the two admin resources over one table, results and the answers
 * export, the learner's list, draft and submission. A survey is an assignment item (`survey`, completed when
 * submitted: `survey.answered`); an evaluation survey opens when a person completes an education holding it, and
 * they are told so with a link to it.
 */
export function createSurveysService(
  platform: Platform,
  needs: { educations: EducationsService; notifications: NotificationsService; assignments: AssignmentsService },
) {
  const db = platform.database.db;
  const links = needs.educations.evaluation;
  links.registerCheck(async (tx, companyId, id) => {
    const [row] = await tx
      .select({ id: surveys.id })
      .from(surveys)
      .where(and(eq(surveys.companyId, companyId), eq(surveys.kind, 'evaluation'), eq(surveys.id, id)));
    return Boolean(row);
  });

  /** A completed education holding an active evaluation survey: the learner gets a notification linking to it. */
  async function onEducationCompleted(event: DomainEvent) {
    const userId = (event.after as { user_id?: unknown } | null)?.user_id;
    if (typeof userId !== 'number' || event.entityId === null) return;
    const educationId = event.entityId;
    await inTenant(db, event.companyId, async (tx) => {
      const education = await links.education(tx, educationId);
      if (!education?.surveyId) return;
      const [survey] = await tx
        .select({ id: surveys.id, title: surveys.title })
        .from(surveys)
        .where(and(eq(surveys.id, education.surveyId), eq(surveys.status, 1), eq(surveys.kind, 'evaluation')));
      const [person] = await tx.select({ language: users.language }).from(users).where(eq(users.id, userId));
      if (!survey || !person) return;
      const t = translator(isLocale(person.language) ? person.language : 'tr');
      const message = t('evaluationSurveys.notification_title', { name: education.title });
      const text = t('evaluationSurveys.notification_text', { name: survey.title });
      await needs.notifications.sendToMany(
        tx,
        {
          companyId: event.companyId,
          name: message,
          text,
          data: {
            message,
            text,
            webUrl: { name: 'user.evaluation-survey', params: { id: survey.id, education: educationId } },
          },
          createdBy: null,
        },
        sql`select ${userId}::integer`,
      );
    });
  }
  platform.events.subscribe('education.completed', onEducationCompleted);

  return {
    surveys: createSurveyResource(platform, 'survey', links),
    evaluationSurveys: createSurveyResource(platform, 'evaluation', links),
    results: createSurveyResults(platform, links),
    learner: createSurveyLearner(platform, { links, assignedItemsOf: needs.assignments.assignedItemsOf }),
  };
}

export type SurveysService = ReturnType<typeof createSurveysService>;
