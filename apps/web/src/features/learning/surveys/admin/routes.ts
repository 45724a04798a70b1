import { RESOURCE_SCREENS } from '../../../../app/resource-screens.js';
import { type AdminRoute, adminRoute, resourceRoutes } from '../../../frame/admin/route-kit.js';

/**
 * The surveys' and evaluation surveys' admin screens (issue 15): list, add and edit from their contracts (the add
 * screen `company.survey.add` is the footer's quick-create entry), and each one's results.
 */
export const surveyAdminRoutes: AdminRoute[] = [
  ...resourceRoutes(RESOURCE_SCREENS.surveys, {
    list: () => import('./SurveysListPage.js'),
    form: () => import('./SurveyFormPage.js'),
    nav: { area: 'content', icon: 'IconClipboardList' },
  }),
  adminRoute(() => import('./SurveyResultsPage.js'), {
    name: 'company.survey.results',
    permission: 'show_survey',
    title: 'surveys.results.title',
  }),
  ...resourceRoutes(RESOURCE_SCREENS.evaluationSurveys, {
    list: () => import('./EvaluationSurveysListPage.js'),
    form: () => import('./EvaluationSurveyFormPage.js'),
    nav: { area: 'content', icon: 'IconClipboardCheck' },
  }),
  adminRoute(() => import('./EvaluationSurveyResultsPage.js'), {
    name: 'company.evaluation-survey.results',
    permission: 'read_evaluationsurvey',
    title: 'evaluationSurveys.results_title',
  }),
];
