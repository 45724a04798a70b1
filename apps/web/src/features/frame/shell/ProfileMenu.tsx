import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconCertificate,
  IconFileText,
  IconHelpCircle,
  IconLayoutDashboard,
  IconLogout,
  IconReceipt,
  IconUser,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useHasPage } from '../../../app/route-table.js';
import { UserAvatar } from '../../../components/UserAvatar.js';
import { sessionStore, useSessionUser } from '../../../lib/session.js';
import { authApi } from '../../identity/auth/api.js';
import { PAYMENT_HISTORY_PATH, usePaymentIntegrationActive } from '../../organisation/integrations/api.js';
import { type ProfileMenuKey, profileMenuItems } from './profile-menu-items.js';

const ICONS: Record<ProfileMenuKey, typeof IconUser> = {
  admin_panel: IconLayoutDashboard,
  profile: IconUser,
  certificates: IconCertificate,
  order_history: IconReceipt,
  legal_notice: IconFileText,
  faq: IconHelpCircle,
};

/**
 * The avatar and its profile menu (spec §2.6): admin panel (more than one role), profile, certificates, order
 * history, legal notice, FAQ and log out — each page link only once its page is in the route table.
 */
export function ProfileMenu() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const hasPage = useHasPage();
  const navigate = useNavigate();
  // The card payment integration gates the order history (spec §6); asked only once its page exists.
  const paymentActive = usePaymentIntegrationActive(hasPage(PAYMENT_HISTORY_PATH));
  const items = profileMenuItems({
    hasPage,
    roles: user?.roles ?? [],
    paymentActive,
  });

  /** Logging out always ends the local session, even when the call fails (spec §4). */
  async function logout() {
    await authApi.logout().catch(() => undefined);
    sessionStore.clear();
    navigate('/login', { replace: true });
  }

  const fullName = user ? `${user.name} ${user.surname}` : '';

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {/* The accessible name starts with the name written on the button (WCAG 2.5.3 label in name). */}
        <UnstyledButton
          aria-label={fullName ? `${fullName}, ${t('nav.profile_menu')}` : t('nav.profile_menu')}
          data-testid="avatar-menu"
        >
          <Group gap="xs" wrap="nowrap">
            <UserAvatar photo={user?.photo} data-testid="header-avatar" />
            <Text fz="sm" fw={500} visibleFrom="sm">
              {fullName}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown data-testid="profile-menu">
        {items.map(({ key, path, testId }) => {
          const Icon = ICONS[key];
          return (
            <Menu.Item
              key={key}
              component={Link}
              to={path}
              leftSection={<Icon size={16} aria-hidden />}
              data-testid={testId}
            >
              {t(`profile_menu.${key}`)}
            </Menu.Item>
          );
        })}
        {items.length > 0 && <Menu.Divider />}
        <Menu.Item
          color="danger"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => void logout()}
          data-testid="logout"
        >
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
