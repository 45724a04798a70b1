// Renders a component test inside the providers of src/app/App.tsx (query client, company theme, toasts, modals, host
// company) and a memory router, leaving out what talks to the server or the session (network notices, the
// personal-data notice, `navigation.go`).
import { type CompanySelf, TOAST_AUTO_CLOSE_MS, TOAST_FADE_MS } from '@kampus/shared';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderResult, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, type DataRouter, type InitialEntry, type RouteObject, RouterProvider } from 'react-router';
import { afterAll, beforeAll } from 'vitest';
import { CompanyContext } from '../src/app/company.js';
import { RouteTableContext } from '../src/app/route-table.js';
import { ModalsHost } from '../src/components/ModalsHost.js';
import { i18next } from '../src/lib/i18n.js';
import { accessibleColors, companyTheme } from '../src/lib/theme.js';

export interface ProviderOptions {
  /** A client the test made itself; by default a fresh one, so no test reads another's cache. */
  client?: QueryClient;
  /** What `useCompany()` answers; null by default, as on the marketing host. */
  company?: CompanySelf | null;
}

export interface PageOptions extends ProviderOptions {
  /** The route pattern the element is mounted at (a list of routes carries its own); `/` by default. */
  path?: string;
  /** Where the router starts: an address, or a location with state; the path by default. */
  at?: InitialEntry;
  /** The route table the shell asks which pages exist (`useHasPage`); the rendered routes by default. */
  routeTable?: RouteObject[];
}

export type PageRender = RenderResult & { router: DataRouter; client: QueryClient };

/** A query that fails shows its error at once instead of after the app's retry. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

/** The providers as a wrapper component, for `render` and `renderHook`. */
export function providers({ client = testQueryClient(), company = null }: ProviderOptions = {}) {
  // Toasts live in a module-level store that outlives `cleanup`; each render starts without the last test's.
  notifications.clean();
  const theme = companyTheme(undefined, i18next.t('general.close'));
  return function Providers({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={client}>
        <MantineProvider theme={theme} cssVariablesResolver={accessibleColors}>
          <Notifications position="top-center" autoClose={TOAST_AUTO_CLOSE_MS} transitionDuration={TOAST_FADE_MS} />
          <ModalsHost>
            <CompanyContext.Provider value={company}>{children}</CompanyContext.Provider>
          </ModalsHost>
        </MantineProvider>
      </QueryClientProvider>
    );
  };
}

/** Renders an element at `path`, or a table of routes, in the providers, the router starting at `at`. */
export function renderPage(page: ReactElement | RouteObject[], options: PageOptions = {}): PageRender {
  const { path = '/', at = path, client = testQueryClient(), company, routeTable } = options;
  const routes = Array.isArray(page) ? page : [{ path, element: page }];
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  const result = render(
    <RouteTableContext.Provider value={routeTable ?? router.routes}>
      <RouterProvider router={router} />
    </RouteTableContext.Provider>,
    { wrapper: providers({ client, company }) },
  );
  return { ...result, router, client };
}

/** mantine-datatable renders a cell only when its media query matches; jsdom's stand-in matches nothing. */
export function matchEveryMediaQuery(): void {
  const matchMedia = window.matchMedia;
  beforeAll(() => {
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: true })) as typeof window.matchMedia;
  });
  afterAll(() => {
    window.matchMedia = matchMedia;
  });
}
