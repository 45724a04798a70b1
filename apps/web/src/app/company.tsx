import type { CompanySelf } from '@kampus/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext } from 'react';
import { http } from '../lib/api.js';

export const CompanyContext = createContext<CompanySelf | null>(null);

/** The company of this host (null on the marketing host). */
export function useCompany(): CompanySelf | null {
  return useContext(CompanyContext);
}

/** Query key of `GET api/company/self`, the host company the whole app (theme, logo, title, settings) is built on. */
export const COMPANY_SELF_KEY = ['company', 'self'] as const;

/**
 * The host company, starting from the answer loaded before the first render and refetched whenever a screen that
 * changes it (settings, branding) invalidates it, so the theme and the frame follow without a reload.
 */
export function useHostCompany(initial: CompanySelf | null): CompanySelf | null {
  const query = useQuery({
    queryKey: COMPANY_SELF_KEY,
    queryFn: async () => (await http.get<{ data: CompanySelf }>('api/company/self')).data,
    initialData: initial ?? undefined,
    enabled: initial !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return query.data ?? initial;
}

/** Refetches the host company (after its settings or branding changed); resolves once the new data is in. */
export function useRefreshCompany(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: COMPANY_SELF_KEY }), [client]);
}
