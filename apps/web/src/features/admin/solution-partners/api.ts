import { solutionPartnersContract } from '@kampus/shared';
import type { ListConfig } from '../../../lib/list-state.js';
import { contractResource } from '../../../lib/resource.js';

/** `api/admin/solution-partners`. */
export const solutionPartnersResource = contractResource(solutionPartnersContract);

export const SOLUTION_PARTNER_LIST_CONFIG: ListConfig = solutionPartnersResource.listConfig;
