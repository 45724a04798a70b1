// Only Mantine's global rules here: each component's own rules come with its chunk (vite.config.ts). Its CSS
// variables are written by MantineProvider (deduplicateCssVariables off) rather than loaded as default-css-variables.css
// too: the provider holds the code for them anyway, and the sheet would add 4 kB gz to every first screen (issue 11).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import { MantineProvider } from '@mantine/core';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { DataNotice } from '../features/frame/legal/LazyLegalModals.js';
import { navigation } from '../lib/api.js';
import { deferred } from '../lib/deferred.js';
import { accessibleColors, companyTheme } from '../lib/theme.js';
import type { Boot } from './boot.js';
import { CompanyContext, CompanyRefreshContext, useHostCompany } from './company.js';
import { RouteTableContext } from './route-table.js';
import { createRouter } from './router.js';

/** The toasts' host loads after the first paint; a toast shown before it is kept by the store and shows then. */
const Toasts = deferred(() => import('./Toasts.js'));
/** The network notices listen from the first paint on (with their icons, off the first screens' path). */
const NetworkNotices = deferred(async () => ({
  default: (await import('../features/frame/network/NetworkNotices.js')).NetworkNotices,
}));

export function App({ boot }: { boot: Boot }) {
  const router = useMemo(createRouter, []);

  useEffect(() => {
    navigation.go = (path) => void router.navigate(path);
  }, [router]);

  return <CompanyApp initial={boot.company} router={router} />;
}

/** Everything themed by the host company, rebuilt when the company's data changes (its settings were saved). */
function CompanyApp({ initial, router }: { initial: Boot['company']; router: ReturnType<typeof createRouter> }) {
  const { t } = useTranslation();
  const [company, refreshCompany] = useHostCompany(initial);
  const theme = useMemo(() => companyTheme(company?.settings, t('general.close')), [company, t]);
  // The table grows when the admin routes are patched in (router.tsx); the menus then see the admin pages.
  const routeTable = useSyncExternalStore(router.subscribe, () => router.routes);

  useEffect(() => {
    document.title = company?.name ?? 'Kampus';
  }, [company]);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={accessibleColors} deduplicateCssVariables={false}>
      <Toasts />
      <NetworkNotices />
      <CompanyContext.Provider value={company}>
        <CompanyRefreshContext.Provider value={refreshCompany}>
          <RouteTableContext.Provider value={routeTable}>
            <RouterProvider router={router} />
          </RouteTableContext.Provider>
          <DataNotice />
        </CompanyRefreshContext.Provider>
      </CompanyContext.Provider>
    </MantineProvider>
  );
}
