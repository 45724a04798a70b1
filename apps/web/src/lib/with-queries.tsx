import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { queryClient } from './query-client.js';

/**
 * The parts of the learner frame and home that load after the first paint (lib/deferred.tsx `deferredWithQueries`)
 * ask the server through React Query, which the learner home's entry does not load (issue 11), so each comes with the
 * app's one query client.
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
