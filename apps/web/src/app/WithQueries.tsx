import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../lib/query-client.js';

/**
 * The layout route that gives its pages React Query. The sign-in page, which asks the server nothing but to sign in,
 * sits outside it and so loads none of React Query's code (10 kB gz, issue 11).
 */
export default function WithQueries() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
