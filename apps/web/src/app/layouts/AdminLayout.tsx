import {
  ActionIcon,
  Anchor,
  AppShell,
  Badge,
  Breadcrumbs,
  Burger,
  Button,
  Group,
  Image,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft, IconBuilding } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useMatches } from 'react-router';
import { LanguageMenu } from '../../components/LanguageMenu.js';
import { ModalsHost } from '../../components/ModalsHost.js';
import { sessionCan } from '../../features/frame/admin/access.js';
import { ADMIN_NAV_ICONS, type AdminNavIcon } from '../../features/frame/admin/nav-icons.js';
import { type RecordCrumb, RecordCrumbContext } from '../../features/frame/admin/record-crumb.js';
import {
  ADMIN_AREAS,
  type AdminRouteHandle,
  adminRoutes,
  breadcrumbParentOf,
} from '../../features/frame/admin/routes.js';
import { ImpersonationExit } from '../../features/identity/auth/ImpersonationExit.js';
import { companyKind } from '../../features/organisation/companies/company-kind.js';
import { type SessionUser, useSessionUser } from '../../lib/session.js';
import { useCompany } from '../company.js';
import { pathTo } from '../route-names.js';
import { Footer } from './Footer.js';

const HOME = pathTo('company.dashboard');

/** The navigation: every admin route that declares an area and whose permission the session holds, by area. */
function useNavigationAreas(user: SessionUser | null) {
  const visible = adminRoutes.filter((route) => route.handle.nav && sessionCan(user?.roles, route.handle.permission));
  return ADMIN_AREAS.map((area) => ({
    area,
    routes: visible.filter((route) => route.handle.nav?.area === area),
  })).filter((group) => group.routes.length > 0);
}

/** The current page's entry may sit below the fold of a long navigation: bring it into view. */
function revealInNavigation(element: HTMLElement | null) {
  element?.scrollIntoView?.({ block: 'nearest' });
}

/** The acting company's name, and whether it is the group's main company or a sub-company. */
function CompanyContext({ user }: { user: SessionUser | null }) {
  const { t } = useTranslation();
  const host = useCompany();
  const kind = companyKind(user?.company_id, host);
  return (
    <Group gap={6} wrap="nowrap" visibleFrom="xs" data-testid="admin-company">
      <IconBuilding size={18} aria-hidden />
      <Text fw={500} fz="sm" truncate>
        {user?.company_name ?? host?.name}
      </Text>
      {kind && (
        <Badge variant="light" color={kind === 'main' ? 'brand' : 'info'} size="sm">
          {t(`admin.company_${kind}`)}
        </Badge>
      )}
    </Group>
  );
}

/** The admin panel's frame (spec §2.2): header with the company context, navigation by area, breadcrumbs and title. */
export function AdminLayout() {
  const { t } = useTranslation();
  const company = useCompany();
  const user = useSessionUser();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const areas = useNavigationAreas(user);
  const handle = useMatches().at(-1)?.handle as Partial<AdminRouteHandle> | undefined;
  const name = company?.name ?? t('app.product_name');
  const parent = handle && !handle.nav ? breadcrumbParentOf(handle, pathname) : undefined;
  const [record, setRecord] = useState<RecordCrumb | null>(null);
  const area = handle?.nav?.area ?? parent?.handle.nav?.area;

  // On a phone the navigation is a drawer: it closes once a page is chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change by design
  useEffect(close, [pathname]);

  return (
    <ModalsHost>
      <AppShell
        header={{ height: 64 }}
        navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        footer={{ height: { base: 84, sm: 56 } }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="md" wrap="nowrap">
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('admin.toggle_navigation')}
              />
              <Anchor
                component={Link}
                to={HOME}
                underline="never"
                fw={700}
                fz="lg"
                c="brand.8"
                data-testid="admin-logo"
              >
                {company?.logo_link ? <Image src={company.logo_link} alt={name} h={36} w="auto" /> : name}
              </Anchor>
              <CompanyContext user={user} />
            </Group>
            <Group gap="xs" wrap="nowrap">
              <ImpersonationExit />
              <LanguageMenu />
              <Button
                component={Link}
                to="/dashboard"
                variant="light"
                size="compact-md"
                visibleFrom="sm"
                leftSection={<IconArrowLeft size={16} aria-hidden />}
                data-testid="admin-back-to-learning"
              >
                {t('admin.back_to_learning')}
              </Button>
              {/* A phone has no room for the words: the arrow alone, named by them. */}
              <ActionIcon
                component={Link}
                to="/dashboard"
                variant="light"
                size="lg"
                hiddenFrom="sm"
                aria-label={t('admin.back_to_learning')}
                data-testid="admin-back-to-learning-compact"
              >
                <IconArrowLeft size={18} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="sm" aria-label={t('admin.navigation')} data-testid="admin-nav">
          {/* The list outgrows a laptop screen: it scrolls on its own, under the fixed header and above the footer. */}
          <AppShell.Section grow component={ScrollArea} type="auto">
            <Stack gap="md">
              {areas.map(({ area, routes }) => (
                <Stack key={area} gap={2}>
                  <Text fz="xs" fw={700} tt="uppercase" c="gray.7" px="sm">
                    {t(`admin.areas.${area}`)}
                  </Text>
                  {routes.map(({ path, handle: entry }) => {
                    // React Router types a handle as any; the declarations are checked as AdminRouteHandle (route-kit.ts).
                    const icon: AdminNavIcon | undefined = entry.nav?.icon;
                    const Icon = icon ? ADMIN_NAV_ICONS[icon] : null;
                    return (
                      <NavLink
                        key={path}
                        component={Link}
                        to={path}
                        label={t(entry.title)}
                        leftSection={Icon ? <Icon size={18} aria-hidden /> : null}
                        active={pathname === path}
                        aria-current={pathname === path ? 'page' : undefined}
                        ref={pathname === path ? revealInNavigation : undefined}
                      />
                    );
                  })}
                </Stack>
              ))}
            </Stack>
          </AppShell.Section>
        </AppShell.Navbar>
        <AppShell.Main>
          <Stack gap="md" maw={1200} mx="auto">
            {handle?.title && (
              <Stack gap={4}>
                <nav aria-label={t('admin.breadcrumbs')} data-testid="admin-breadcrumbs">
                  <Breadcrumbs fz="sm">
                    <Anchor component={Link} to={HOME} fz="sm">
                      {t('admin.panel')}
                    </Anchor>
                    {area && <Text fz="sm">{t(`admin.areas.${area}`)}</Text>}
                    {parent && (
                      <Anchor component={Link} to={parent.path} fz="sm">
                        {t(parent.handle.title)}
                      </Anchor>
                    )}
                    {record &&
                      (record.to ? (
                        <Anchor component={Link} to={record.to} fz="sm" data-testid="admin-breadcrumb-record">
                          {record.label}
                        </Anchor>
                      ) : (
                        <Text fz="sm" data-testid="admin-breadcrumb-record">
                          {record.label}
                        </Text>
                      ))}
                    <Text fz="sm" c="gray.7" aria-current="page">
                      {t(handle.title)}
                    </Text>
                  </Breadcrumbs>
                </nav>
                <Title order={1} fz="h2">
                  {t(handle.title)}
                </Title>
              </Stack>
            )}
            <RecordCrumbContext.Provider value={setRecord}>
              <Outlet />
            </RecordCrumbContext.Provider>
          </Stack>
        </AppShell.Main>
        <AppShell.Footer>
          <Footer />
        </AppShell.Footer>
      </AppShell>
    </ModalsHost>
  );
}
