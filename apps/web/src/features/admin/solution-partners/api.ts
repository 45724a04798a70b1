import {
  SOLUTION_PARTNER_SORTS,
  type SolutionPartner,
  type SolutionPartnerCreate,
  type SolutionPartnerUpdate,
} from '@kampus/shared';
import type { ListConfig } from '../../../lib/list-state.js';
import { defineResource } from '../../../lib/resource.js';

/** `api/admin/solution-partners`. */
export const solutionPartnersResource = defineResource<SolutionPartner, SolutionPartnerCreate, SolutionPartnerUpdate>(
  'solution-partners',
);

export const SOLUTION_PARTNER_LIST_CONFIG: ListConfig = {
  sortable: SOLUTION_PARTNER_SORTS,
  defaultSort: 'order',
  filters: [{ kind: 'select', param: 'status', options: ['0', '1'] }],
};
