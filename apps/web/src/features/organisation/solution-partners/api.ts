import { solutionPartnersContract } from '@kampus/shared';
import { contractResource } from '../../../lib/resource.js';

/** `api/admin/solution-partners`. */
export const solutionPartnersResource = contractResource(solutionPartnersContract);
