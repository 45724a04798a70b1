import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { queryClient } from '../../lib/query-client.js';

/**
 * The learner frame's parts that load after its first page shows (DashboardLayout) ask the server through React
 * Query, which the learner home itself does not load (issue 11), so each comes with the app's one query client.
 */
export function withQueries<P extends object>(Part: ComponentType<P>): ComponentType<P> {
  return function WithQueries(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Part {...props} />
      </QueryClientProvider>
    );
  };
}
