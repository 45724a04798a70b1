import type { Platform } from '../../../platform/deps.js';
import type { NotificationsService } from '../../frame/notifications/service.js';
import type { AuthService } from '../../identity/auth/service.js';
import type { ContentService } from '../content/service.js';
import type { EducationsService } from '../educations/service.js';
import type { ProgramsService } from '../programs/service.js';
import { createRuleAssignments } from './add-people.js';
import { createAssignmentsAdmin } from './admin.js';
import { assignmentAgendaEvents } from './agenda.js';
import { createContentEnrolmentHandler } from './content-enrolments.js';
import { createDelivery } from './delivery.js';
import { personalEducationAssigner } from './from-request.js';
import { createAssignmentsLearner } from './learner.js';
import { assignedItemsOf } from './queries.js';

/**
 * Assignments (issue 14): the admin resource with publishing, cancelling and the people view; the publish job that
 * gives an assignment to its people and enrols them into the items through the educations, programs and content
 * rows; the roll-up of each person's progress from the items' events; reminders; the learner's pages; and the
 * mandatory assignments of the mandatory-missions modal (given to the notifications module).
 */
export function createAssignmentsService(
  platform: Platform,
  needs: {
    notifications: NotificationsService;
    auth: AuthService;
    educations: EducationsService;
    programs: ProgramsService;
    content: ContentService;
  },
) {
  const delivery = createDelivery(platform, needs);
  const admin = createAssignmentsAdmin(platform, delivery);
  const learner = createAssignmentsLearner(platform);
  needs.notifications.provideMandatoryAssignments(learner.mandatory);
  // Content is wired before this module: it hands its page's enrolments here instead of importing assignments.
  needs.content.admin.handleEnrolmentsWith(createContentEnrolmentHandler(delivery));
  return {
    ...admin,
    learner,
    delivery,
    agendaEvents: assignmentAgendaEvents,
    ruleAssignments: createRuleAssignments(delivery),
    assignEducationToPerson: personalEducationAssigner(platform),
    /** The items of a type a person was given (the surveys module's learner list; issue 15). */
    assignedItemsOf,
  };
}

export type AssignmentsService = ReturnType<typeof createAssignmentsService>;
