/**
 * The learner pages of issue 13, each still a chunk of its own, loaded through this small module: the route table is
 * part of the sign-in page's entry, and every page imported from it directly adds its list of shared chunks there
 * (about 0.7 kB gz for these three, over the sign-in page's budget of e2e/budget.e2e.ts). Through here, the entry
 * names one chunk; opening one of these pages costs one small request more.
 */
export const myEducationsPage = () => import('./MyEducationsPage.js');
export const educationDetailPage = () => import('./EducationDetailPage.js');
export const cataloguePage = () => import('./CataloguePage.js');
// The assignments' learner pages (issue 14) come through here for the same reason.
export const myAssignmentsPage = () => import('../../assignments/learner/MyAssignmentsPage.js');
export const assignmentDetailPage = () => import('../../assignments/learner/AssignmentDetailPage.js');
export const assignmentClassroomPage = () => import('../../assignments/learner/AssignmentClassroomPage.js');
export const agendaPage = () => import('../../agenda/AgendaPage.js');
// The survey-filling page (issue 15), for the same reason.
export const surveyTakePage = () => import('../../surveys/SurveyTakePage.js');
// The learner's exams (issue 15).
export const testsPage = () => import('../../exams/learner/TestsPage.js');
export const takePage = () => import('../../exams/learner/TakePage.js');
export const resultPage = () => import('../../exams/learner/ResultPage.js');
// The learner's certificates (issue 16).
export const myCertificatesPage = () => import('../../certificates/learner/MyCertificatesPage.js');
export const certificatePreviewPage = () => import('../../certificates/learner/CertificatePreviewPage.js');
// The public verification page (no sign-in) too: this module only names chunks, it needs no signed-in frame.
export const verifyPage = () => import('../../certificates/learner/VerifyPage.js');
