import { companiesContract } from '@kampus/shared';
import { useQuery } from '@tanstack/react-query';
import type { ListConfig } from '../../../lib/list-state.js';
import { contractResource } from '../../../lib/resource.js';

/** `api/admin/companies`: the company registry (super admins only), from its contract. */
export const companiesResource = contractResource(companiesContract);

/** The most companies offered at once as parents or parent filters; the picker searches the server beyond that. */
const PARENT_OPTIONS_LIMIT = 100;

/** Companies by name (matching a search when given), as the parent picker and the parent filter offer them. */
export function useCompanyOptions(search = '') {
  const query = { page: 1, per_page: PARENT_OPTIONS_LIMIT, sort: 'name', ...(search ? { search } : {}) };
  return useQuery({
    queryKey: companiesResource.keys.list(query),
    queryFn: () => companiesResource.list(query),
    select: (page) => page.data.map((company) => ({ value: String(company.id), label: company.name })),
  });
}

/** The list's address state: the contract's sorts and status filter, and the parent filter over the companies loaded. */
export function companyListConfig(parentIds: readonly string[]): ListConfig {
  return {
    ...companiesResource.listConfig,
    filters: [
      ...companiesResource.listConfig.filters,
      // Until the companies load, a parent in the address waits unapplied.
      { kind: 'select', param: 'parent_id', options: parentIds },
    ],
  };
}
