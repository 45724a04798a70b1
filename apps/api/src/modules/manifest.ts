import type { FastifyInstance } from 'fastify';
import type { Platform } from '../platform/deps.js';
import { registerResource } from '../platform/resource/routes.js';
import { registerAdvertisementRoutes } from './engagement/advertisements/routes.js';
import { createAdvertisementsService } from './engagement/advertisements/service.js';
import { registerAnnouncementRoutes } from './engagement/announcements/routes.js';
import { createAnnouncementsService } from './engagement/announcements/service.js';
import { registerGiftRoutes } from './engagement/gifts/routes.js';
import { createGiftsService } from './engagement/gifts/service.js';
import { registerMessagingRoutes } from './engagement/messaging/routes.js';
import { createMessagingService } from './engagement/messaging/service.js';
import { registerPointsRoutes } from './engagement/points/routes.js';
import { createPointsService, type PointsService } from './engagement/points/service.js';
import { registerLocalizationRoutes } from './frame/localization/routes.js';
import { registerMenuRoutes } from './frame/menu/routes.js';
import { createMenuService } from './frame/menu/service.js';
import { registerNotificationRoutes } from './frame/notifications/routes.js';
import { createNotificationsService, type NotificationsService } from './frame/notifications/service.js';
import { registerSearchRoutes } from './frame/search/routes.js';
import { createSearchService } from './frame/search/service.js';
import { registerWidgetRoutes } from './frame/widgets/routes.js';
import { createWidgetsService } from './frame/widgets/service.js';
import { registerAccountRoutes } from './identity/account/routes.js';
import { createAccountService } from './identity/account/service.js';
import { registerAuthRoutes } from './identity/auth/routes.js';
import { createAuthService } from './identity/auth/service.js';
import { registerRoleRoutes } from './identity/roles/routes.js';
import { createRolesService } from './identity/roles/service.js';
import { registerAgendaRoutes } from './learning/agenda/routes.js';
import { createAgendaService } from './learning/agenda/service.js';
import { REMINDER_JOB } from './learning/assignments/delivery.js';
import { registerAssignmentRoutes } from './learning/assignments/routes.js';
import { type AssignmentsService, createAssignmentsService } from './learning/assignments/service.js';
import { registerAutoAssignmentRoutes } from './learning/auto-assignments/routes.js';
import { createAutoAssignmentsService } from './learning/auto-assignments/service.js';
import { EXPIRY_JOB } from './learning/certificates/expiry.js';
import { registerCertificateRoutes } from './learning/certificates/routes.js';
import { createCertificatesService } from './learning/certificates/service.js';
import { registerClassroomRoutes } from './learning/classrooms/routes.js';
import { createClassroomsService } from './learning/classrooms/service.js';
import { registerCompetencyRoutes } from './learning/competencies/routes.js';
import { createCompetenciesService } from './learning/competencies/service.js';
import { registerContentRoutes } from './learning/content/routes.js';
import { createContentService } from './learning/content/service.js';
import { registerEducationRoutes } from './learning/educations/routes.js';
import { createEducationsService, type EducationsService } from './learning/educations/service.js';
import { registerExamRoutes } from './learning/exams/routes.js';
import { createExamsService } from './learning/exams/service.js';
import { createHashtagsService } from './learning/hashtags/service.js';
import { registerProgramRoutes } from './learning/programs/routes.js';
import { createProgramsService } from './learning/programs/service.js';
import { registerQuestionRoutes } from './learning/questions/routes.js';
import { createQuestionsService } from './learning/questions/service.js';
import { registerSurveyRoutes } from './learning/surveys/routes.js';
import { createSurveysService } from './learning/surveys/service.js';
import { registerTrainingRequestRoutes } from './learning/training-requests/routes.js';
import { createTrainingRequestsService } from './learning/training-requests/service.js';
import { registerCompanyRoutes } from './organisation/companies/routes.js';
import { createCompaniesService } from './organisation/companies/service.js';
import { registerDataRoutes } from './organisation/data/routes.js';
import { createDataService } from './organisation/data/service.js';
import { registerFaqRoutes } from './organisation/faq/routes.js';
import { createFaqService } from './organisation/faq/service.js';
import { createInstitutionsService } from './organisation/institutions/service.js';
import { registerIntegrationRoutes } from './organisation/integrations/routes.js';
import { createIntegrationsService } from './organisation/integrations/service.js';
import { registerMailTemplateRoutes } from './organisation/mail-templates/routes.js';
import { createMailTemplatesService } from './organisation/mail-templates/service.js';
import { registerSettingsRoutes } from './organisation/settings/routes.js';
import { createSettingsService } from './organisation/settings/service.js';
import { registerSolutionPartnerRoutes } from './organisation/solution-partners/routes.js';
import { createSolutionPartnersService } from './organisation/solution-partners/service.js';
import { registerUserGroupRoutes } from './organisation/user-groups/routes.js';
import { createUserGroupsService } from './organisation/user-groups/service.js';
import { registerUserRoutes } from './organisation/users/routes.js';
import { createUsersService } from './organisation/users/service.js';
import { registerAdminDashboardRoutes } from './reporting/admin-dashboard/routes.js';
import { createAdminDashboardService } from './reporting/admin-dashboard/service.js';
import { registerPageViewRoutes } from './reporting/page-views/routes.js';
import { createPageViewsService } from './reporting/page-views/service.js';
import { registerFileRoutes, scheduleFileCleanUp } from './system/files/routes.js';
import { createFilesService } from './system/files/service.js';
import { registerJobRoutes } from './system/jobs/routes.js';
import { createJobsService } from './system/jobs/service.js';

/**
 * One module of the product: how its service is made (from the platform and the services of the modules it needs,
 * which come earlier in MODULES) and how it serves (routes, jobs, schedules).
 */
interface ModuleDefinition<Name extends string, Service, Needs extends object> {
  name: Name;
  create(platform: Platform, needs: Needs): Service;
  serve?(app: FastifyInstance, service: Service, platform: Platform): void | Promise<void>;
}

const defineModule = <Name extends string, Service, Needs extends object = object>(
  module: ModuleDefinition<Name, Service, Needs>,
) => module;

/**
 * Every module of the API by product area, in the order their services are made: a module needing another's service
 * comes after it. Adding a module is one entry here.
 */
export const MODULES = [
  // identity
  defineModule({ name: 'auth', create: createAuthService, serve: registerAuthRoutes }),
  defineModule({ name: 'account', create: createAccountService, serve: registerAccountRoutes }),
  defineModule({ name: 'roles', create: createRolesService, serve: registerRoleRoutes }),
  // organisation
  defineModule({ name: 'companies', create: createCompaniesService, serve: registerCompanyRoutes }),
  defineModule({ name: 'settings', create: createSettingsService, serve: registerSettingsRoutes }),
  defineModule({ name: 'users', create: createUsersService, serve: registerUserRoutes }),
  defineModule({ name: 'userGroups', create: createUserGroupsService, serve: registerUserGroupRoutes }),
  defineModule({
    name: 'institutions',
    create: createInstitutionsService,
    serve: (app, institutions) => registerResource(app, institutions.resource),
  }),
  defineModule({
    name: 'solutionPartners',
    create: createSolutionPartnersService,
    serve: registerSolutionPartnerRoutes,
  }),
  defineModule({ name: 'integrations', create: createIntegrationsService, serve: registerIntegrationRoutes }),
  defineModule({ name: 'mailTemplates', create: createMailTemplatesService, serve: registerMailTemplateRoutes }),
  defineModule({ name: 'faq', create: createFaqService, serve: registerFaqRoutes }),
  defineModule({ name: 'data', create: createDataService, serve: registerDataRoutes }),
  // frame
  defineModule({ name: 'localization', create: () => null, serve: (app) => registerLocalizationRoutes(app) }),
  defineModule({ name: 'menu', create: createMenuService, serve: registerMenuRoutes }),
  defineModule({ name: 'notifications', create: createNotificationsService, serve: registerNotificationRoutes }),
  defineModule({ name: 'widgets', create: createWidgetsService, serve: registerWidgetRoutes }),
  // learning
  defineModule({
    name: 'hashtags',
    create: createHashtagsService,
    serve: (app, hashtags) => registerResource(app, hashtags.resource),
  }),
  defineModule({ name: 'content', create: createContentService, serve: registerContentRoutes }),
  defineModule({ name: 'educations', create: createEducationsService, serve: registerEducationRoutes }),
  defineModule({ name: 'programs', create: createProgramsService, serve: registerProgramRoutes }),
  defineModule({
    name: 'assignments',
    create: createAssignmentsService,
    serve: (app, assignments, platform) => {
      registerAssignmentRoutes(app, assignments);
      // Hourly: a reminder day begins at midnight in some company's time zone; each reminder goes once (unique rows).
      platform.jobs.schedule(REMINDER_JOB, '5 * * * *');
    },
  }),
  defineModule({ name: 'classrooms', create: createClassroomsService, serve: registerClassroomRoutes }),
  // the question bank; exams (after it) draw from it through `questions.forExams`
  defineModule({ name: 'questions', create: createQuestionsService, serve: registerQuestionRoutes }),
  // exams: after educations (a part kind) and assignments (an item type); draws from the question bank
  defineModule({ name: 'exams', create: createExamsService, serve: registerExamRoutes }),
  // the agenda reads the dated events of the learning modules above through their services
  defineModule({ name: 'agenda', create: createAgendaService, serve: registerAgendaRoutes }),
  defineModule({
    name: 'autoAssignments',
    create: createAutoAssignmentsService,
    serve: registerAutoAssignmentRoutes,
  }),
  defineModule({
    name: 'trainingRequests',
    create: (
      platform,
      needs: { educations: EducationsService; notifications: NotificationsService; assignments: AssignmentsService },
    ) =>
      createTrainingRequestsService(platform, {
        educations: needs.educations,
        notifications: needs.notifications,
        assignEducation: needs.assignments.assignEducationToPerson,
      }),
    serve: registerTrainingRequestRoutes,
  }),
  // surveys and evaluation surveys: assignment items (after assignments) and educations' evaluations
  defineModule({ name: 'surveys', create: createSurveysService, serve: registerSurveyRoutes }),
  // competencies: rules follow the completion events of educations, programs and exams (above)
  defineModule({ name: 'competencies', create: createCompetenciesService, serve: registerCompetencyRoutes }),
  // certificate templates and the certificate renderer (issuing, next, listens to the completion events above)
  defineModule({
    name: 'certificates',
    create: createCertificatesService,
    serve: (app, certificates, platform) => {
      registerCertificateRoutes(app, certificates);
      // Daily: warn 30 days before expiry, mark the lapsed ones expired (expiry.ts).
      platform.jobs.schedule(EXPIRY_JOB, '20 3 * * *');
    },
  }),
  // engagement
  defineModule({ name: 'messaging', create: createMessagingService, serve: registerMessagingRoutes }),
  // announcements: must-read ones join the notices of the mandatory-missions modal (notifications, above)
  defineModule({ name: 'announcements', create: createAnnouncementsService, serve: registerAnnouncementRoutes }),
  defineModule({ name: 'advertisements', create: createAdvertisementsService, serve: registerAdvertisementRoutes }),
  // points and the leader table: awards follow the completion events of the learning modules above
  defineModule({ name: 'points', create: createPointsService, serve: registerPointsRoutes }),
  // the gift store: spends and refunds points through the points service; tells the learner of each step
  defineModule({
    name: 'gifts',
    create: (platform, needs: { points: PointsService; notifications: NotificationsService }) =>
      createGiftsService(platform, { points: needs.points, notifications: needs.notifications }),
    serve: registerGiftRoutes,
  }),
  // search: a read model over the tables of the modules above (educations, programs, contents, FAQ, people)
  defineModule({ name: 'search', create: createSearchService, serve: registerSearchRoutes }),
  // reporting
  defineModule({ name: 'adminDashboard', create: createAdminDashboardService, serve: registerAdminDashboardRoutes }),
  defineModule({ name: 'pageViews', create: createPageViewsService, serve: registerPageViewRoutes }),
  // system
  defineModule({
    name: 'files',
    create: createFilesService,
    serve: async (app, files, platform) => {
      await registerFileRoutes(app, files);
      scheduleFileCleanUp(platform, files);
    },
  }),
  defineModule({
    name: 'jobs',
    create: createJobsService,
    serve: (app, jobs, platform) => registerJobRoutes(app, jobs, platform.files),
  }),
] as const;

type AnyModule = (typeof MODULES)[number];

/** Every module's service by its name. */
export type Services = { [M in AnyModule as M['name']]: ReturnType<M['create']> };

/** Makes every module's service, in the manifest's order, each given the services made before it. */
export function createServices(platform: Platform): Services {
  const services: Record<string, unknown> = {};
  // A module asking for a service not made yet is out of order in MODULES: say so at start, not as undefined later.
  const madeSoFar = new Proxy(services, {
    get(made, name) {
      if (typeof name === 'string' && !(name in made)) throw new Error(`"${name}" must come earlier in MODULES`);
      return made[name as string];
    },
  });
  for (const module of MODULES as readonly ModuleDefinition<string, unknown, object>[]) {
    services[module.name] = module.create(platform, madeSoFar);
  }
  return services as Services;
}

/** Registers every module's routes, jobs and schedules. */
export async function serveModules(app: FastifyInstance, platform: Platform, services: Services): Promise<void> {
  const made = services as Record<string, unknown>;
  for (const module of MODULES as readonly ModuleDefinition<string, unknown, object>[]) {
    await module.serve?.(app, made[module.name], platform);
  }
}
