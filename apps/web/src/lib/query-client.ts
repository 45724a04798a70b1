import { QueryClient } from '@tanstack/react-query';

/** The app's one query cache, provided to every page but the sign-in page (app/WithQueries.tsx, issue 11). */
export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 30_000 } } });
