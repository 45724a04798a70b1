import { INSTITUTION_SORTS, type Institution, type InstitutionCreate, type InstitutionUpdate } from '@kampus/shared';
import type { ListConfig } from '../../../lib/list-state.js';
import { defineResource } from '../../../lib/resource.js';

/** `api/admin/institutions` (issue 4). */
export const institutionsResource = defineResource<Institution, InstitutionCreate, InstitutionUpdate>('institutions');

/** The list's address state: the sortable fields and the status filter of `institutionListQuerySchema`. */
export const INSTITUTION_LIST_CONFIG: ListConfig = {
  sortable: INSTITUTION_SORTS,
  defaultSort: 'name',
  filters: [{ kind: 'select', param: 'status', options: ['0', '1'] }],
};
