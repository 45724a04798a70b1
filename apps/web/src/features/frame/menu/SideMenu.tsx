import { Box, Button, NavLink, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useHasPage } from '../../../app/route-table.js';
import { useSessionUser } from '../../../lib/session.js';
import { PAYMENT_HISTORY_PATH, usePaymentIntegrationActive } from '../../organisation/integrations/api.js';
import { useSideMenu } from './api.js';
import { MenuIcon } from './icons.js';
import { type SideMenuEntry, sideMenuEntries } from './menu-items.js';

function MenuSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label={t('menu.loading')}>
      {[0, 1, 2, 3, 4].map((key) => (
        <Skeleton key={key} height={36} radius="sm" />
      ))}
    </Stack>
  );
}

function MenuError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" align="flex-start" role="alert" p="xs">
      <Text fz="sm" c="danger.8">
        <IconAlertTriangle size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginInlineEnd: 6 }} />
        {t('menu.load_error')}
      </Text>
      <Button size="compact-sm" variant="light" onClick={onRetry} loading={retrying}>
        {t('menu.retry')}
      </Button>
    </Stack>
  );
}

function isActive(entry: SideMenuEntry, pathname: string): boolean {
  return pathname === entry.path || pathname.startsWith(`${entry.path}/`);
}

/** The side menu of spec §2.7: the company's items whose pages exist, the current one highlighted. */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const hasPage = useHasPage();
  const { pathname } = useLocation();
  const menu = useSideMenu(user?.company_id, i18n.language);
  const paymentActive = usePaymentIntegrationActive(hasPage(PAYMENT_HISTORY_PATH));
  const entries = useMemo(
    () =>
      sideMenuEntries(menu.data ?? [], {
        modules: user?.modules ?? [],
        hasPage,
        paymentActive,
      }),
    [menu.data, user?.modules, paymentActive, hasPage],
  );

  return (
    <nav aria-label={t('menu.navigation')} data-testid="side-menu">
      {menu.isPending && <MenuSkeleton />}
      {menu.isError && <MenuError onRetry={() => void menu.refetch()} retrying={menu.isFetching} />}
      {menu.isSuccess && entries.length === 0 && (
        <Text fz="sm" c="gray.7" p="xs" data-testid="side-menu-empty">
          {t('menu.empty')}
        </Text>
      )}
      {entries.length > 0 && (
        // The browser's own scrolling: Mantine's ScrollArea brings floating-ui's 16 kB gz to the learner home (issue 11).
        <Box mah="calc(100vh - 96px)" style={{ overflowY: 'auto' }}>
          <Stack gap={2}>
            {entries.map((entry) => {
              const active = isActive(entry, pathname);
              return (
                <NavLink
                  key={entry.id}
                  component={Link}
                  to={entry.path}
                  label={entry.title ?? t(entry.labelKey, { defaultValue: entry.type })}
                  leftSection={<MenuIcon type={entry.type} />}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  onClick={onNavigate}
                  data-testid={`side-menu-item-${entry.type}`}
                />
              );
            })}
          </Stack>
        </Box>
      )}
    </nav>
  );
}
