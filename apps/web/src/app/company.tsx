import type { CompanySelf } from '@kampus/shared';
import { createContext, useContext } from 'react';

export const CompanyContext = createContext<CompanySelf | null>(null);

/** The company of this host (null on the marketing host). */
export function useCompany(): CompanySelf | null {
  return useContext(CompanyContext);
}
