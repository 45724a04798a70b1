import { companiesContract } from './schemas/companies-admin.js';
import { contentsContract } from './schemas/content.js';
import { dataRequestsContract } from './schemas/data-admin.js';
import { faqCategoriesContract, faqsContract } from './schemas/faq.js';
import { hashtagsContract } from './schemas/hashtags.js';
import { institutionsContract } from './schemas/institutions.js';
import { menuItemsContract } from './schemas/menu-admin.js';
import { rolesContract } from './schemas/roles-admin.js';
import { solutionPartnersContract } from './schemas/solution-partners.js';
import { userGroupsContract } from './schemas/user-groups.js';
import { usersContract } from './schemas/users-admin.js';

/**
 * Every declared admin resource. The web app's named routes include their screens, and their locale namespaces fall
 * back to the shared `records` texts.
 */
export const RESOURCE_CONTRACTS = [
  hashtagsContract,
  contentsContract,
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
] as const;
