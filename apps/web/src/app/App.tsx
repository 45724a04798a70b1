// Only Mantine's global rules here: each component's own rules come with its chunk (vite.config.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { DataNotice } from '../features/frame/legal/LazyLegalModals.js';
import { NetworkNotices } from '../features/frame/network/NetworkNotices.js';
import { navigation } from '../lib/api.js';
import { deferred } from '../lib/deferred.js';
import { accessibleColors, companyTheme } from '../lib/theme.js';
import type { Boot } from './boot.js';
import { CompanyContext, useHostCompany } from './company.js';
import { RouteTableContext } from './route-table.js';
import { createRouter } from './router.js';

/** The toasts' host loads after the first paint; a toast shown before it is kept by the store and shows then. */
const Toasts = deferred(() => import('./Toasts.js'));

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 30_000 } } });

export function App({ boot }: { boot: Boot }) {
  const router = useMemo(createRouter, []);

  useEffect(() => {
    navigation.go = (path) => void router.navigate(path);
  }, [router]);

  return (
    <QueryClientProvider client={queryClient}>
      <CompanyApp initial={boot.company} router={router} />
    </QueryClientProvider>
  );
}

/** Everything themed by the host company, rebuilt when the company's data changes (its settings were saved). */
function CompanyApp({ initial, router }: { initial: Boot['company']; router: ReturnType<typeof createRouter> }) {
  const { t } = useTranslation();
  const company = useHostCompany(initial);
  const theme = useMemo(() => companyTheme(company?.settings, t('general.close')), [company, t]);

  useEffect(() => {
    document.title = company?.name ?? 'Kampus';
  }, [company]);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={accessibleColors}>
      <Toasts />
      <NetworkNotices />
      <CompanyContext.Provider value={company}>
        <RouteTableContext.Provider value={router.routes}>
          <RouterProvider router={router} />
        </RouteTableContext.Provider>
        <DataNotice />
      </CompanyContext.Provider>
    </MantineProvider>
  );
}
