import { advertisementsContract, announcementsContract } from './schemas/announcements.js';
import { assignmentsContract } from './schemas/assignments.js';
import { autoAssignmentsContract } from './schemas/auto-assignments.js';
import { certificateDefinitionsContract, certificateTemplatesContract } from './schemas/certificates.js';
import { classroomsContract } from './schemas/classrooms.js';
import { companiesContract } from './schemas/companies-admin.js';
import { competenciesContract, competencyCategoriesContract, competencyRulesContract } from './schemas/competencies.js';
import { contentsContract } from './schemas/content.js';
import { dataRequestsContract } from './schemas/data-admin.js';
import { educationCategoriesContract, educationsContract } from './schemas/educations.js';
import { examsContract } from './schemas/exams.js';
import { faqCategoriesContract, faqsContract } from './schemas/faq.js';
import { giftsContract } from './schemas/gifts.js';
import { hashtagsContract } from './schemas/hashtags.js';
import { institutionsContract } from './schemas/institutions.js';
import { menuItemsContract } from './schemas/menu-admin.js';
import { pointRulesContract } from './schemas/points.js';
import { programsContract } from './schemas/programs.js';
import { questionsContract } from './schemas/questions.js';
import { rolesContract } from './schemas/roles-admin.js';
import { solutionPartnersContract } from './schemas/solution-partners.js';
import { evaluationSurveysContract, surveysContract } from './schemas/surveys.js';
import { userGroupsContract } from './schemas/user-groups.js';
import { usersContract } from './schemas/users-admin.js';

/**
 * Every declared admin resource. The web app's named routes include their screens, and their locale namespaces fall
 * back to the shared `records` texts.
 */
export const RESOURCE_CONTRACTS = [
  hashtagsContract,
  contentsContract,
  educationsContract,
  educationCategoriesContract,
  institutionsContract,
  solutionPartnersContract,
  faqsContract,
  faqCategoriesContract,
  userGroupsContract,
  usersContract,
  menuItemsContract,
  dataRequestsContract,
  rolesContract,
  companiesContract,
  programsContract,
  assignmentsContract,
  classroomsContract,
  announcementsContract,
  advertisementsContract,
  autoAssignmentsContract,
  questionsContract,
  surveysContract,
  evaluationSurveysContract,
  examsContract,
  competencyCategoriesContract,
  competenciesContract,
  competencyRulesContract,
  certificateTemplatesContract,
  certificateDefinitionsContract,
  pointRulesContract,
  giftsContract,
] as const;
