import { initials } from '@kampus/shared';
import { Anchor, AppShell, Avatar, Group, Image, Menu, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate } from 'react-router';
import { CompanySwitch } from '../../components/CompanySwitch.js';
import { ImpersonationExit } from '../../components/ImpersonationExit.js';
import { LanguageMenu } from '../../components/LanguageMenu.js';
import { authApi } from '../../features/auth/api.js';
import { MandatoryModal } from '../../features/dashboard/MandatoryModal.js';
import { NotificationBell } from '../../features/notifications/NotificationBell.js';
import { sessionStore, useSessionUser } from '../../lib/session.js';
import { useCompany } from '../company.js';

/** An avatar source is treated as absent for placeholders and images that fail to load (spec §2.6). */
function usableAvatar(src: string | null | undefined, failed: boolean): string | null {
  if (!src || failed || /not-found\.png|placeholder|default/i.test(src)) return null;
  return src;
}

/** The signed-in frame: header with logo, language and the profile menu; the routed page below it. */
export function DashboardLayout() {
  const { t } = useTranslation();
  const company = useCompany();
  const user = useSessionUser();
  const navigate = useNavigate();
  const [avatarFailed, setAvatarFailed] = useState(false);
  const name = company?.name ?? user?.company_name ?? t('app.product_name');

  /** Logging out always ends the local session, even when the call fails (spec §4). */
  async function logout() {
    await authApi.logout().catch(() => undefined);
    sessionStore.clear();
    navigate('/login', { replace: true });
  }

  return (
    <AppShell header={{ height: 64 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Anchor
            component={Link}
            to="/dashboard"
            underline="never"
            fw={700}
            fz="lg"
            c="brand.8"
            data-testid="header-logo"
          >
            {company?.logo_link ? <Image src={company.logo_link} alt={name} h={36} w="auto" /> : name}
          </Anchor>
          <Group gap="xs">
            <ImpersonationExit />
            <CompanySwitch />
            <NotificationBell />
            <LanguageMenu />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <UnstyledButton aria-label={t('nav.profile_menu')} data-testid="avatar-menu">
                  <Group gap="xs">
                    <Avatar
                      src={usableAvatar(user?.photo, avatarFailed)}
                      imageProps={{ onError: () => setAvatarFailed(true) }}
                      color="brand"
                      radius="xl"
                    >
                      {user ? initials(user) : '?'}
                    </Avatar>
                    <Text fz="sm" fw={500} visibleFrom="sm">
                      {user ? `${user.name} ${user.surname}` : ''}
                    </Text>
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item color="danger" onClick={() => void logout()} data-testid="logout">
                  {t('nav.logout')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
      <MandatoryModal />
    </AppShell>
  );
}
