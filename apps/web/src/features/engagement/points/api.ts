import { pointRulesContract } from '@kampus/shared';
import { contractResource } from '../../../lib/resource.js';

/** `api/admin/points` (issue 17): the company's point rules. */
export const pointRulesResource = contractResource(pointRulesContract);
