/**
 * The pages that are not a first screen, each still a chunk of its own, loaded through this small module by route
 * name. The route table is part of the sign-in page's entry, and every page imported from it directly adds its list
 * of shared chunks to the entry's preload list (some 250 file names, at the edge of the sign-in page's budget of
 * e2e/budget.e2e.ts). Through here the entry names one chunk, whatever the number of pages; opening one of these pages
 * costs one small request more. The first screens (sign-in, the learner home, the public home) stay in router.tsx.
 */
import type { ComponentType } from 'react';

type PageModule = Promise<{ default: ComponentType }>;

const setPassword = (mode: 'reset' | 'create'): PageModule =>
  import('../features/identity/auth/SetPasswordPage.js').then(({ default: SetPasswordPage }) => ({
    default: () => <SetPasswordPage mode={mode} />,
  }));

const errorPage = (code: 403 | 404 | 500): PageModule =>
  import('../features/frame/errors/ErrorPage.js').then(({ default: ErrorPage }) => ({
    default: () => <ErrorPage code={code} />,
  }));

const surveyTake = () => import('../features/learning/surveys/SurveyTakePage.js');
const player = () => import('../features/learning/player/PlayerPage.js');

export const laterPages = {
  // Public pages.
  'confirm-access-code': () => import('../features/identity/auth/ConfirmAccessCodePage.js'),
  'certificate.verify': () => import('../features/learning/certificates/learner/VerifyPage.js'),
  'short-link': () => import('../features/identity/auth/ShortLinkPage.js'),
  'forgot-password': () => import('../features/identity/auth/ForgotPasswordPage.js'),
  'reset-password': () => setPassword('reset'),
  'create-password': () => setPassword('create'),
  register: () => import('../features/identity/auth/RegisterPage.js'),
  'register-invitation': () => import('../features/identity/auth/RegisterInvitationPage.js'),
  'email-verification': () => import('../features/identity/auth/EmailVerificationPage.js'),
  policies: () => import('../features/frame/policies/PoliciesPage.js'),
  '403': () => errorPage(403),
  '404': () => errorPage(404),
  '500': () => errorPage(500),
  // The separate full-width player page (spec §2.1), under its spelling and the word spelled right.
  'user.player': player,
  'user.education-player': player,
  // The learner frame's pages.
  'dashboard.notification': () => import('../features/frame/notifications/NotificationsPage.js'),
  'user.profile': () => import('../features/identity/profile/ProfilePage.js'),
  'profile.edit': () => import('../features/identity/profile/EditProfilePage.js'),
  'User.agreement': () => import('../features/frame/legal/LegalNotificationPage.js'),
  'User.faq': () => import('../features/organisation/faq/FaqPage.js'),
  'user.my-education': () => import('../features/learning/educations/learner/MyEducationsPage.js'),
  'user.education-detail': () => import('../features/learning/educations/learner/EducationDetailPage.js'),
  'user.education-category': () => import('../features/learning/educations/learner/CataloguePage.js'),
  'user.my-assignment': () => import('../features/learning/assignments/learner/MyAssignmentsPage.js'),
  'user.assignment-detail': () => import('../features/learning/assignments/learner/AssignmentDetailPage.js'),
  'user.assignment-classroom': () => import('../features/learning/assignments/learner/AssignmentClassroomPage.js'),
  'user.announcements': () => import('../features/engagement/announcements/AnnouncementsPage.js'),
  'user.announcement-detail': () => import('../features/engagement/announcements/AnnouncementDetailPage.js'),
  'user.agenda': () => import('../features/learning/agenda/AgendaPage.js'),
  'user.survey': surveyTake,
  'user.evaluation-survey': surveyTake,
  'user.test': () => import('../features/learning/exams/learner/TestsPage.js'),
  'user.test.exam': () => import('../features/learning/exams/learner/TakePage.js'),
  'user.test.attempt': () => import('../features/learning/exams/learner/ResultPage.js'),
  'User.my-certification': () => import('../features/learning/certificates/learner/MyCertificatesPage.js'),
  'user.certification-preview': () => import('../features/learning/certificates/learner/CertificatePreviewPage.js'),
  'user.leader-table': () => import('../features/engagement/leaderboard/LeaderboardPage.js'),
  'user.gift': () => import('../features/engagement/gifts/GiftStorePage.js'),
  'user.search': () => import('../features/frame/search/SearchPage.js'),
} satisfies Record<string, () => PageModule>;

export type LaterPageName = keyof typeof laterPages;
