import type { ComponentType, ReactNode } from 'react';
import { deferred } from './deferred.js';

/**
 * `deferred` for a part that asks the server through React Query: it arrives with the app's one query client
 * (with-queries.tsx, loaded with the part), so the page's own entry still loads no React Query (issue 11). A module
 * apart from deferred.tsx, which the sign-in page's entry holds: only the signed-in frame and the learner home use
 * this, and the sign-in page stays within its budget (e2e/budget.e2e.ts).
 */
export function deferredWithQueries<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> {
  return deferred(async () => {
    const [{ withQueries }, Part] = await Promise.all([import('./with-queries.js'), load()]);
    return { default: withQueries(Part) };
  }, fallback);
}
