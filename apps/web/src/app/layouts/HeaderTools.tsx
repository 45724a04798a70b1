import { Box } from '@mantine/core';
import { LanguageMenu } from '../../components/LanguageMenu.js';
import { MessagesMenu } from '../../features/engagement/messaging/MessagesMenu.js';
import { NotificationBell } from '../../features/frame/notifications/NotificationBell.js';
import { OnlineUsers } from '../../features/frame/presence/OnlineUsers.js';
import { usePointToasts } from '../../features/frame/presence/usePointToasts.js';
import { HeaderSearch } from '../../features/frame/search/HeaderSearch.js';
import { CompanySwitch } from '../../features/frame/shell/CompanySwitch.js';
import { ProfileMenu } from '../../features/frame/shell/ProfileMenu.js';
import { ImpersonationExit } from '../../features/identity/auth/ImpersonationExit.js';

/**
 * The header's menus of the signed-in frame, loaded after the page shows (DashboardLayout.tsx): they bring Mantine's
 * floating menus, realtime and its schemas, none of which the first paint needs (issue 11).
 */
export default function HeaderTools() {
  usePointToasts();
  return (
    <>
      <HeaderSearch />
      <ImpersonationExit />
      <CompanySwitch />
      {/* On a phone the company's name needs the room more than the count of people online. */}
      <Box visibleFrom="xs">
        <OnlineUsers />
      </Box>
      <MessagesMenu />
      <NotificationBell />
      <LanguageMenu />
      <ProfileMenu />
    </>
  );
}
