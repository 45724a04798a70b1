import { Anchor, AppShell, Burger, Group, Image } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageMenu } from '../../components/LanguageMenu.js';
import { MessagesMenu } from '../../features/engagement/messaging/MessagesMenu.js';
import { MandatoryModal } from '../../features/frame/dashboard/MandatoryModal.js';
import { SideMenu } from '../../features/frame/menu/SideMenu.js';
import { NotificationBell } from '../../features/frame/notifications/NotificationBell.js';
import { OnlineUsers } from '../../features/frame/presence/OnlineUsers.js';
import { usePointToasts } from '../../features/frame/presence/usePointToasts.js';
import { CompanySwitch } from '../../features/frame/shell/CompanySwitch.js';
import { ProfileMenu } from '../../features/frame/shell/ProfileMenu.js';
import { ImpersonationExit } from '../../features/identity/auth/ImpersonationExit.js';
import { useSessionUser } from '../../lib/session.js';
import { usePageViewTracking } from '../../lib/tracking.js';
import { useCompany } from '../company.js';
import { Footer } from './Footer.js';

/** The signed-in frame: header with logo, language and the profile menu; the routed page below it. */
export function DashboardLayout() {
  const { t } = useTranslation();
  const company = useCompany();
  const user = useSessionUser();
  // On a phone the side menu is a drawer behind the burger; choosing an item closes it.
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  usePageViewTracking();
  usePointToasts();
  const name = company?.name ?? user?.company_name ?? t('app.product_name');

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      footer={{ height: { base: 84, sm: 56 } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger opened={navOpened} onClick={toggleNav} hiddenFrom="sm" size="sm" aria-label={t('menu.toggle')} />
            <Anchor
              component={Link}
              to="/dashboard"
              underline="never"
              fw={700}
              fz="lg"
              c="brand.8"
              truncate
              data-testid="header-logo"
            >
              {company?.logo_link ? <Image src={company.logo_link} alt={name} h={36} w="auto" /> : name}
            </Anchor>
          </Group>
          <Group gap={4} wrap="nowrap">
            <ImpersonationExit />
            <CompanySwitch />
            <OnlineUsers />
            <MessagesMenu />
            <NotificationBell />
            <LanguageMenu />
            <ProfileMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <SideMenu onNavigate={closeNav} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
      <AppShell.Footer>
        <Footer />
      </AppShell.Footer>
      <MandatoryModal />
    </AppShell>
  );
}
