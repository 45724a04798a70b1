import { badgeText } from '@kampus/shared';
import { ActionIcon, Anchor, Divider, Indicator, Loader, Menu, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLatestNotifications, useMarkRead, useUnreadCount } from './api.js';
import { notificationTarget } from './target.js';

/** The bell: unread count (99+ above 99) and the 10 latest, unread in bold, with a link to all (spec §2.6, §2.8). */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const count = useUnreadCount().data ?? 0;
  const latest = useLatestNotifications(open);
  const markRead = useMarkRead();

  return (
    <Menu opened={open} onChange={setOpen} position="bottom-end" width={340} withinPortal>
      {/* The indicator wraps the target, so the menu's aria-expanded lands on the button, not on a div. */}
      <Indicator
        label={<span data-testid="notification-badge">{badgeText(count)}</span>}
        size={count > 99 ? 20 : 16}
        disabled={count === 0}
        color="danger"
        offset={4}
      >
        <Menu.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={t('notifications.title')} data-testid="notification-bell">
            <IconBell size={22} />
          </ActionIcon>
        </Menu.Target>
      </Indicator>
      <Menu.Dropdown data-testid="notification-dropdown">
        <Menu.Label>{t('notifications.title')}</Menu.Label>
        {latest.isLoading && <Loader size="sm" m="md" />}
        {latest.isError && (
          <Text c="danger" fz="sm" p="sm">
            {t('general.error_occurred')}
          </Text>
        )}
        {latest.data?.data.length === 0 && (
          <Text c="dimmed" fz="sm" p="sm">
            {t('notifications.empty')}
          </Text>
        )}
        <ScrollArea.Autosize mah={360}>
          {latest.data?.data.map((n) => (
            <Menu.Item
              key={n.id}
              onClick={() => {
                if (!n.pivot.is_read) markRead.mutate(n.id);
                navigate(notificationTarget(n));
              }}
            >
              <Stack gap={2}>
                <Text fz="sm" fw={n.pivot.is_read ? 400 : 700}>
                  {n.parsed_data.message}
                </Text>
                <Text fz="xs" c="dimmed" lineClamp={2}>
                  {n.parsed_data.text || t('general.you_have_a_notification')}
                </Text>
              </Stack>
            </Menu.Item>
          ))}
        </ScrollArea.Autosize>
        <Divider />
        <Anchor
          component={Link}
          to="/notification"
          display="block"
          ta="center"
          p="xs"
          fz="sm"
          onClick={() => setOpen(false)}
        >
          {t('notifications.see_all')}
        </Anchor>
      </Menu.Dropdown>
    </Menu>
  );
}
