import type { CompanySelf } from '@kampus/shared';
import { createContext, useCallback, useContext, useState } from 'react';
import { http } from '../lib/api.js';

export const CompanyContext = createContext<CompanySelf | null>(null);
/** Fetches the host company again; provided beside CompanyContext by App. */
export const CompanyRefreshContext = createContext<() => Promise<void>>(async () => undefined);

/** The company of this host (null on the marketing host). */
export function useCompany(): CompanySelf | null {
  return useContext(CompanyContext);
}

/**
 * The host company, starting from the answer loaded before the first render and fetched again when a screen that
 * changes it (settings, branding) asks, so the theme and the frame follow without a reload. Kept in React state, not
 * in React Query: the sign-in page, which needs the company, then loads no query code (issue 11).
 */
export function useHostCompany(initial: CompanySelf | null): [CompanySelf | null, () => Promise<void>] {
  const [company, setCompany] = useState(initial);
  const refresh = useCallback(async () => {
    if (initial === null) return;
    setCompany((await http.get<{ data: CompanySelf }>('api/company/self')).data);
  }, [initial]);
  return [company, refresh];
}

/** Refetches the host company (after its settings or branding changed); resolves once the new data is in. */
export function useRefreshCompany(): () => Promise<void> {
  return useContext(CompanyRefreshContext);
}
